//! A fixed list of balanced openings for matches between levels and evaluations:
//! lines from the named openings after which the engine sees neither side clearly
//! ahead (within about one disc at depth 10).

/// Transcripts from the start position.
pub const BALANCED: [&str; 12] = [
    "f5d6c3d3c4f4f6f3e6e7",
    "f5d6c3d3c4f4c5b3c2",
    "f5d6c3d3c4f4f6f3e6e7d7",
    "f5d6c3d3c4f4f6b4",
    "f5d6c3d3c4b3",
    "f5d6c5f4d3",
    "f5d6c4d3c5",
    "f5f6e6f4e3c5c4",
    "f5f6e6f4g5e7f7",
    "f5f6e6f4e3d6",
    "f5d6c5f4e3c6d3f6e6d7",
    "f5f6e6d6",
];
