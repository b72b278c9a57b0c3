// Types for the <reversi-board> element (www/element.js).
import type { Game } from '../pkg/reversi.js';

/** 1 for Black, 2 for White. */
export type Player = 1 | 2;

export interface MoveDetail {
  player: Player;
  /** Square index, row × size + column (a1 = 0; h8 = 63 on 8×8). */
  square: number;
  /** The square's name, such as "f5" (or "j10" on a 10×10 board). */
  name: string;
  /** Squares whose discs turned. */
  flipped: number[];
}

export interface PassDetail {
  player: Player;
}

export interface GameOverDetail {
  /** 0 for a draw. */
  winner: 0 | Player;
  /** Official score: the empty squares go to the winner. */
  black: number;
  white: number;
}

export interface ReversiBoardEventMap extends HTMLElementEventMap {
  move: CustomEvent<MoveDetail>;
  pass: CustomEvent<PassDetail>;
  gameover: CustomEvent<GameOverDetail>;
}

/**
 * A playable Othello board. Attributes: mode ("human-computer" | "human-human" |
 * "computer-computer"), human-color ("black" | "white"), level (1 to the strongest),
 * lang ("en" | "ru" | "hu"), theme ("light" | "dark"), show-legal, show-coordinates
 * ("false" to hide), position (a board string) or transcript, speed, variant
 * ("othello" or a variant's name: "classic", "4x4", "6x6-parallel", "10x10",
 * "eight-star", ...).
 */
export interface ReversiBoardElement extends HTMLElement {
  /** The engine's game; read it, do not change it. Null until the board has set up its game (just after the engine has loaded). */
  readonly game: Game | null;
  /** Starts again from the position or transcript attribute, or the standard start. */
  newGame(): void;
  /** Takes back the last move (against the computer: back to the person's turn). */
  undo(): boolean;
  /** Loads a transcript or a board string; throws an Error and changes nothing if it is malformed. */
  load(text: string): void;
  addEventListener<K extends keyof ReversiBoardEventMap>(type: K, listener: (this: ReversiBoardElement, ev: ReversiBoardEventMap[K]) => unknown, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
}

declare global {
  interface HTMLElementTagNameMap {
    'reversi-board': ReversiBoardElement;
  }
}
