// Written by `train mpc` (see TRAINING.md): Fit { a, b, sigma } for depths
// MIN_DEPTH..=MAX_CALIBRATED (rows), stages 0..STAGES (columns).
[
    [
        Fit { a: 1.045, b: -0.290, sigma: 4.188 }, // depth 3 from 1, stage 0: 34 samples
        Fit { a: 1.017, b: -1.286, sigma: 4.721 }, // depth 3 from 1, stage 1: 80 samples
        Fit { a: 0.986, b: 0.376, sigma: 4.272 }, // depth 3 from 1, stage 2: 80 samples
        Fit { a: 0.982, b: -0.786, sigma: 3.722 }, // depth 3 from 1, stage 3: 80 samples
        Fit { a: 1.012, b: 0.702, sigma: 3.900 }, // depth 3 from 1, stage 4: 80 samples
        Fit { a: 1.010, b: 0.136, sigma: 4.178 }, // depth 3 from 1, stage 5: 80 samples
        Fit { a: 0.999, b: -0.260, sigma: 3.974 }, // depth 3 from 1, stage 6: 80 samples
        Fit { a: 1.005, b: -0.860, sigma: 3.629 }, // depth 3 from 1, stage 7: 80 samples
        Fit { a: 0.987, b: -0.481, sigma: 2.413 }, // depth 3 from 1, stage 8: 80 samples
        Fit { a: 1.040, b: -0.055, sigma: 2.881 }, // depth 3 from 1, stage 9: 80 samples
        Fit { a: 1.004, b: -0.266, sigma: 2.393 }, // depth 3 from 1, stage 10: 80 samples
        Fit { a: 1.004, b: -0.266, sigma: 2.393 }, // depth 3 from 1, stage 11: 80 samples
    ],
    [
        Fit { a: 1.032, b: -0.839, sigma: 4.248 }, // depth 4 from 2, stage 0: 80 samples
        Fit { a: 1.032, b: -0.839, sigma: 4.248 }, // depth 4 from 2, stage 1: 80 samples
        Fit { a: 1.015, b: -0.068, sigma: 4.238 }, // depth 4 from 2, stage 2: 80 samples
        Fit { a: 0.997, b: 0.007, sigma: 3.717 }, // depth 4 from 2, stage 3: 80 samples
        Fit { a: 1.005, b: 0.309, sigma: 3.695 }, // depth 4 from 2, stage 4: 80 samples
        Fit { a: 0.999, b: 0.376, sigma: 3.304 }, // depth 4 from 2, stage 5: 80 samples
        Fit { a: 0.990, b: 0.101, sigma: 3.713 }, // depth 4 from 2, stage 6: 80 samples
        Fit { a: 1.023, b: -0.059, sigma: 3.406 }, // depth 4 from 2, stage 7: 80 samples
        Fit { a: 1.006, b: -0.177, sigma: 2.486 }, // depth 4 from 2, stage 8: 80 samples
        Fit { a: 1.003, b: 0.435, sigma: 2.024 }, // depth 4 from 2, stage 9: 80 samples
        Fit { a: 1.024, b: -0.092, sigma: 2.459 }, // depth 4 from 2, stage 10: 80 samples
        Fit { a: 1.024, b: -0.092, sigma: 2.459 }, // depth 4 from 2, stage 11: 80 samples
    ],
    [
        Fit { a: 0.999, b: -0.244, sigma: 3.572 }, // depth 5 from 3, stage 0: 80 samples
        Fit { a: 0.999, b: -0.244, sigma: 3.572 }, // depth 5 from 3, stage 1: 80 samples
        Fit { a: 1.015, b: 0.382, sigma: 3.498 }, // depth 5 from 3, stage 2: 80 samples
        Fit { a: 1.007, b: -0.014, sigma: 3.075 }, // depth 5 from 3, stage 3: 80 samples
        Fit { a: 0.996, b: 0.285, sigma: 3.268 }, // depth 5 from 3, stage 4: 80 samples
        Fit { a: 0.980, b: 0.314, sigma: 3.058 }, // depth 5 from 3, stage 5: 80 samples
        Fit { a: 1.023, b: 1.037, sigma: 3.472 }, // depth 5 from 3, stage 6: 80 samples
        Fit { a: 1.009, b: 0.322, sigma: 2.168 }, // depth 5 from 3, stage 7: 80 samples
        Fit { a: 1.017, b: -0.224, sigma: 2.111 }, // depth 5 from 3, stage 8: 80 samples
        Fit { a: 1.015, b: 0.244, sigma: 1.648 }, // depth 5 from 3, stage 9: 80 samples
        Fit { a: 1.008, b: -0.009, sigma: 1.689 }, // depth 5 from 3, stage 10: 80 samples
        Fit { a: 1.008, b: -0.009, sigma: 1.689 }, // depth 5 from 3, stage 11: 80 samples
    ],
    [
        Fit { a: 1.005, b: -0.408, sigma: 5.160 }, // depth 6 from 2, stage 0: 62 samples
        Fit { a: 1.005, b: -0.408, sigma: 5.160 }, // depth 6 from 2, stage 1: 62 samples
        Fit { a: 1.038, b: -0.448, sigma: 4.936 }, // depth 6 from 2, stage 2: 80 samples
        Fit { a: 0.993, b: 0.017, sigma: 4.926 }, // depth 6 from 2, stage 3: 80 samples
        Fit { a: 1.013, b: 0.352, sigma: 4.720 }, // depth 6 from 2, stage 4: 80 samples
        Fit { a: 0.996, b: 0.755, sigma: 4.132 }, // depth 6 from 2, stage 5: 80 samples
        Fit { a: 1.000, b: 0.344, sigma: 4.651 }, // depth 6 from 2, stage 6: 80 samples
        Fit { a: 1.011, b: 0.539, sigma: 3.688 }, // depth 6 from 2, stage 7: 80 samples
        Fit { a: 0.989, b: -0.402, sigma: 3.057 }, // depth 6 from 2, stage 8: 80 samples
        Fit { a: 1.038, b: 0.620, sigma: 2.605 }, // depth 6 from 2, stage 9: 80 samples
        Fit { a: 1.095, b: -0.338, sigma: 2.699 }, // depth 6 from 2, stage 10: 80 samples
        Fit { a: 1.095, b: -0.338, sigma: 2.699 }, // depth 6 from 2, stage 11: 80 samples
    ],
    [
        Fit { a: 1.015, b: -0.057, sigma: 4.529 }, // depth 7 from 3, stage 0: 46 samples
        Fit { a: 1.015, b: -0.057, sigma: 4.529 }, // depth 7 from 3, stage 1: 46 samples
        Fit { a: 1.045, b: 0.654, sigma: 4.772 }, // depth 7 from 3, stage 2: 80 samples
        Fit { a: 1.009, b: 0.089, sigma: 4.206 }, // depth 7 from 3, stage 3: 80 samples
        Fit { a: 1.008, b: 0.685, sigma: 4.271 }, // depth 7 from 3, stage 4: 80 samples
        Fit { a: 0.988, b: 0.416, sigma: 4.066 }, // depth 7 from 3, stage 5: 80 samples
        Fit { a: 1.005, b: 1.388, sigma: 5.096 }, // depth 7 from 3, stage 6: 80 samples
        Fit { a: 1.000, b: 0.713, sigma: 2.604 }, // depth 7 from 3, stage 7: 80 samples
        Fit { a: 1.022, b: 0.144, sigma: 2.669 }, // depth 7 from 3, stage 8: 80 samples
        Fit { a: 1.044, b: 0.082, sigma: 2.272 }, // depth 7 from 3, stage 9: 80 samples
        Fit { a: 1.077, b: 0.270, sigma: 2.347 }, // depth 7 from 3, stage 10: 80 samples
        Fit { a: 1.077, b: 0.270, sigma: 2.347 }, // depth 7 from 3, stage 11: 80 samples
    ],
    [
        Fit { a: 1.010, b: -0.514, sigma: 4.737 }, // depth 8 from 4, stage 0: 30 samples
        Fit { a: 1.010, b: -0.514, sigma: 4.737 }, // depth 8 from 4, stage 1: 30 samples
        Fit { a: 1.042, b: -0.265, sigma: 4.298 }, // depth 8 from 4, stage 2: 80 samples
        Fit { a: 1.000, b: -0.435, sigma: 3.538 }, // depth 8 from 4, stage 3: 80 samples
        Fit { a: 1.022, b: 0.381, sigma: 3.815 }, // depth 8 from 4, stage 4: 80 samples
        Fit { a: 0.996, b: 0.257, sigma: 3.426 }, // depth 8 from 4, stage 5: 80 samples
        Fit { a: 1.020, b: 0.511, sigma: 3.990 }, // depth 8 from 4, stage 6: 80 samples
        Fit { a: 0.976, b: 0.513, sigma: 2.493 }, // depth 8 from 4, stage 7: 80 samples
        Fit { a: 0.970, b: 0.411, sigma: 2.496 }, // depth 8 from 4, stage 8: 80 samples
        Fit { a: 1.059, b: 0.046, sigma: 2.381 }, // depth 8 from 4, stage 9: 80 samples
        Fit { a: 1.129, b: -0.425, sigma: 2.251 }, // depth 8 from 4, stage 10: 80 samples
        Fit { a: 1.129, b: -0.425, sigma: 2.251 }, // depth 8 from 4, stage 11: 80 samples
    ],
    [
        Fit { a: 1.035, b: 0.646, sigma: 4.374 }, // depth 9 from 5, stage 0: 80 samples
        Fit { a: 1.035, b: 0.646, sigma: 4.374 }, // depth 9 from 5, stage 1: 80 samples
        Fit { a: 1.035, b: 0.646, sigma: 4.374 }, // depth 9 from 5, stage 2: 80 samples
        Fit { a: 1.009, b: 0.255, sigma: 3.383 }, // depth 9 from 5, stage 3: 80 samples
        Fit { a: 1.021, b: 0.484, sigma: 3.251 }, // depth 9 from 5, stage 4: 80 samples
        Fit { a: 0.997, b: 0.604, sigma: 3.323 }, // depth 9 from 5, stage 5: 80 samples
        Fit { a: 0.997, b: 0.346, sigma: 3.712 }, // depth 9 from 5, stage 6: 80 samples
        Fit { a: 0.998, b: 0.446, sigma: 2.279 }, // depth 9 from 5, stage 7: 80 samples
        Fit { a: 0.986, b: 0.444, sigma: 2.350 }, // depth 9 from 5, stage 8: 80 samples
        Fit { a: 1.056, b: -0.202, sigma: 2.074 }, // depth 9 from 5, stage 9: 80 samples
        Fit { a: 1.101, b: 0.401, sigma: 2.179 }, // depth 9 from 5, stage 10: 80 samples
        Fit { a: 1.101, b: 0.401, sigma: 2.179 }, // depth 9 from 5, stage 11: 80 samples
    ],
    [
        Fit { a: 1.050, b: -0.220, sigma: 5.030 }, // depth 10 from 4, stage 0: 80 samples
        Fit { a: 1.050, b: -0.220, sigma: 5.030 }, // depth 10 from 4, stage 1: 80 samples
        Fit { a: 1.050, b: -0.220, sigma: 5.030 }, // depth 10 from 4, stage 2: 80 samples
        Fit { a: 1.017, b: -0.472, sigma: 4.576 }, // depth 10 from 4, stage 3: 80 samples
        Fit { a: 1.025, b: 0.357, sigma: 4.236 }, // depth 10 from 4, stage 4: 80 samples
        Fit { a: 0.988, b: 0.286, sigma: 4.236 }, // depth 10 from 4, stage 5: 80 samples
        Fit { a: 1.035, b: 0.962, sigma: 4.790 }, // depth 10 from 4, stage 6: 80 samples
        Fit { a: 0.969, b: 0.603, sigma: 3.173 }, // depth 10 from 4, stage 7: 80 samples
        Fit { a: 0.994, b: 0.318, sigma: 2.328 }, // depth 10 from 4, stage 8: 80 samples
        Fit { a: 1.083, b: 0.409, sigma: 2.903 }, // depth 10 from 4, stage 9: 80 samples
        Fit { a: 1.143, b: -0.356, sigma: 2.377 }, // depth 10 from 4, stage 10: 80 samples
        Fit { a: 1.143, b: -0.356, sigma: 2.377 }, // depth 10 from 4, stage 11: 80 samples
    ],
    [
        Fit { a: 1.044, b: 1.178, sigma: 5.258 }, // depth 11 from 5, stage 0: 63 samples
        Fit { a: 1.044, b: 1.178, sigma: 5.258 }, // depth 11 from 5, stage 1: 63 samples
        Fit { a: 1.044, b: 1.178, sigma: 5.258 }, // depth 11 from 5, stage 2: 63 samples
        Fit { a: 1.021, b: 0.730, sigma: 4.205 }, // depth 11 from 5, stage 3: 80 samples
        Fit { a: 1.018, b: 0.157, sigma: 4.126 }, // depth 11 from 5, stage 4: 80 samples
        Fit { a: 0.995, b: 0.829, sigma: 3.437 }, // depth 11 from 5, stage 5: 80 samples
        Fit { a: 0.993, b: 0.586, sigma: 4.699 }, // depth 11 from 5, stage 6: 80 samples
        Fit { a: 1.004, b: 0.807, sigma: 2.753 }, // depth 11 from 5, stage 7: 80 samples
        Fit { a: 0.998, b: 0.381, sigma: 2.640 }, // depth 11 from 5, stage 8: 80 samples
        Fit { a: 1.077, b: -0.188, sigma: 2.192 }, // depth 11 from 5, stage 9: 80 samples
        Fit { a: 1.131, b: 0.389, sigma: 2.664 }, // depth 11 from 5, stage 10: 80 samples
        Fit { a: 1.131, b: 0.389, sigma: 2.664 }, // depth 11 from 5, stage 11: 80 samples
    ],
    [
        Fit { a: 1.014, b: 1.393, sigma: 4.878 }, // depth 12 from 6, stage 0: 51 samples
        Fit { a: 1.014, b: 1.393, sigma: 4.878 }, // depth 12 from 6, stage 1: 51 samples
        Fit { a: 1.014, b: 1.393, sigma: 4.878 }, // depth 12 from 6, stage 2: 51 samples
        Fit { a: 1.042, b: -0.590, sigma: 4.770 }, // depth 12 from 6, stage 3: 80 samples
        Fit { a: 1.022, b: 0.281, sigma: 3.799 }, // depth 12 from 6, stage 4: 80 samples
        Fit { a: 1.000, b: -0.045, sigma: 3.359 }, // depth 12 from 6, stage 5: 80 samples
        Fit { a: 1.030, b: 0.538, sigma: 3.682 }, // depth 12 from 6, stage 6: 80 samples
        Fit { a: 0.990, b: 0.096, sigma: 2.909 }, // depth 12 from 6, stage 7: 80 samples
        Fit { a: 1.013, b: 0.466, sigma: 2.130 }, // depth 12 from 6, stage 8: 80 samples
        Fit { a: 1.050, b: 0.258, sigma: 2.400 }, // depth 12 from 6, stage 9: 80 samples
        Fit { a: 1.102, b: 0.077, sigma: 2.540 }, // depth 12 from 6, stage 10: 80 samples
        Fit { a: 1.102, b: 0.077, sigma: 2.540 }, // depth 12 from 6, stage 11: 80 samples
    ],
]
