// Written by `train mpc` (see TRAINING.md): Fit { a, b, sigma } for depths
// MIN_DEPTH..=MAX_CALIBRATED (rows), stages 0..STAGES (columns).
[
    [
        Fit { a: 1.049, b: -0.362, sigma: 4.113 }, // depth 3 from 1, stage 0: 34 samples
        Fit { a: 1.023, b: -1.199, sigma: 4.653 }, // depth 3 from 1, stage 1: 80 samples
        Fit { a: 0.989, b: 0.473, sigma: 4.178 }, // depth 3 from 1, stage 2: 80 samples
        Fit { a: 0.986, b: -0.883, sigma: 3.646 }, // depth 3 from 1, stage 3: 80 samples
        Fit { a: 1.007, b: 0.644, sigma: 3.829 }, // depth 3 from 1, stage 4: 80 samples
        Fit { a: 1.009, b: 0.138, sigma: 4.050 }, // depth 3 from 1, stage 5: 80 samples
        Fit { a: 0.999, b: -0.342, sigma: 3.900 }, // depth 3 from 1, stage 6: 80 samples
        Fit { a: 1.001, b: -0.975, sigma: 3.592 }, // depth 3 from 1, stage 7: 80 samples
        Fit { a: 0.986, b: -0.402, sigma: 2.341 }, // depth 3 from 1, stage 8: 80 samples
        Fit { a: 1.040, b: 0.035, sigma: 2.768 }, // depth 3 from 1, stage 9: 80 samples
        Fit { a: 0.990, b: -0.382, sigma: 2.354 }, // depth 3 from 1, stage 10: 80 samples
        Fit { a: 0.990, b: -0.382, sigma: 2.354 }, // depth 3 from 1, stage 11: 80 samples
    ],
    [
        Fit { a: 1.034, b: -0.733, sigma: 4.054 }, // depth 4 from 2, stage 0: 80 samples
        Fit { a: 1.034, b: -0.733, sigma: 4.054 }, // depth 4 from 2, stage 1: 80 samples
        Fit { a: 1.020, b: -0.264, sigma: 4.243 }, // depth 4 from 2, stage 2: 80 samples
        Fit { a: 1.006, b: -0.098, sigma: 3.537 }, // depth 4 from 2, stage 3: 80 samples
        Fit { a: 1.003, b: 0.424, sigma: 3.669 }, // depth 4 from 2, stage 4: 80 samples
        Fit { a: 0.999, b: 0.395, sigma: 3.050 }, // depth 4 from 2, stage 5: 80 samples
        Fit { a: 0.992, b: 0.202, sigma: 3.771 }, // depth 4 from 2, stage 6: 80 samples
        Fit { a: 1.017, b: 0.137, sigma: 3.063 }, // depth 4 from 2, stage 7: 80 samples
        Fit { a: 0.994, b: -0.191, sigma: 2.519 }, // depth 4 from 2, stage 8: 80 samples
        Fit { a: 1.005, b: 0.409, sigma: 1.906 }, // depth 4 from 2, stage 9: 80 samples
        Fit { a: 1.007, b: 0.019, sigma: 2.579 }, // depth 4 from 2, stage 10: 80 samples
        Fit { a: 1.007, b: 0.019, sigma: 2.579 }, // depth 4 from 2, stage 11: 80 samples
    ],
    [
        Fit { a: 0.999, b: 0.062, sigma: 3.406 }, // depth 5 from 3, stage 0: 80 samples
        Fit { a: 0.999, b: 0.062, sigma: 3.406 }, // depth 5 from 3, stage 1: 80 samples
        Fit { a: 1.016, b: 0.231, sigma: 3.361 }, // depth 5 from 3, stage 2: 80 samples
        Fit { a: 1.002, b: -0.259, sigma: 2.994 }, // depth 5 from 3, stage 3: 80 samples
        Fit { a: 0.998, b: 0.322, sigma: 3.344 }, // depth 5 from 3, stage 4: 80 samples
        Fit { a: 0.986, b: 0.300, sigma: 3.004 }, // depth 5 from 3, stage 5: 80 samples
        Fit { a: 1.022, b: 1.151, sigma: 3.467 }, // depth 5 from 3, stage 6: 80 samples
        Fit { a: 1.003, b: 0.210, sigma: 2.184 }, // depth 5 from 3, stage 7: 80 samples
        Fit { a: 1.013, b: -0.313, sigma: 2.040 }, // depth 5 from 3, stage 8: 80 samples
        Fit { a: 1.013, b: 0.160, sigma: 1.739 }, // depth 5 from 3, stage 9: 80 samples
        Fit { a: 1.013, b: -0.051, sigma: 1.671 }, // depth 5 from 3, stage 10: 80 samples
        Fit { a: 1.013, b: -0.051, sigma: 1.671 }, // depth 5 from 3, stage 11: 80 samples
    ],
    [
        Fit { a: 1.009, b: -0.372, sigma: 4.717 }, // depth 6 from 2, stage 0: 62 samples
        Fit { a: 1.009, b: -0.372, sigma: 4.717 }, // depth 6 from 2, stage 1: 62 samples
        Fit { a: 1.034, b: -0.684, sigma: 5.053 }, // depth 6 from 2, stage 2: 80 samples
        Fit { a: 1.001, b: -0.250, sigma: 4.729 }, // depth 6 from 2, stage 3: 80 samples
        Fit { a: 1.007, b: 0.377, sigma: 4.629 }, // depth 6 from 2, stage 4: 80 samples
        Fit { a: 0.999, b: 0.617, sigma: 3.966 }, // depth 6 from 2, stage 5: 80 samples
        Fit { a: 0.996, b: 0.340, sigma: 4.712 }, // depth 6 from 2, stage 6: 80 samples
        Fit { a: 1.002, b: 0.537, sigma: 3.615 }, // depth 6 from 2, stage 7: 80 samples
        Fit { a: 0.977, b: -0.425, sigma: 2.985 }, // depth 6 from 2, stage 8: 80 samples
        Fit { a: 1.033, b: 0.634, sigma: 2.522 }, // depth 6 from 2, stage 9: 80 samples
        Fit { a: 1.084, b: -0.238, sigma: 2.951 }, // depth 6 from 2, stage 10: 80 samples
        Fit { a: 1.084, b: -0.238, sigma: 2.951 }, // depth 6 from 2, stage 11: 80 samples
    ],
    [
        Fit { a: 1.016, b: 0.016, sigma: 4.246 }, // depth 7 from 3, stage 0: 46 samples
        Fit { a: 1.016, b: 0.016, sigma: 4.246 }, // depth 7 from 3, stage 1: 46 samples
        Fit { a: 1.039, b: 0.636, sigma: 4.426 }, // depth 7 from 3, stage 2: 80 samples
        Fit { a: 1.011, b: -0.124, sigma: 4.124 }, // depth 7 from 3, stage 3: 80 samples
        Fit { a: 1.016, b: 0.521, sigma: 4.060 }, // depth 7 from 3, stage 4: 80 samples
        Fit { a: 0.987, b: 0.540, sigma: 3.903 }, // depth 7 from 3, stage 5: 80 samples
        Fit { a: 1.007, b: 1.551, sigma: 5.023 }, // depth 7 from 3, stage 6: 80 samples
        Fit { a: 0.997, b: 0.469, sigma: 2.618 }, // depth 7 from 3, stage 7: 80 samples
        Fit { a: 1.012, b: 0.048, sigma: 2.635 }, // depth 7 from 3, stage 8: 80 samples
        Fit { a: 1.035, b: 0.128, sigma: 2.220 }, // depth 7 from 3, stage 9: 80 samples
        Fit { a: 1.073, b: 0.223, sigma: 2.146 }, // depth 7 from 3, stage 10: 80 samples
        Fit { a: 1.073, b: 0.223, sigma: 2.146 }, // depth 7 from 3, stage 11: 80 samples
    ],
    [
        Fit { a: 1.012, b: -0.594, sigma: 4.485 }, // depth 8 from 4, stage 0: 30 samples
        Fit { a: 1.012, b: -0.594, sigma: 4.485 }, // depth 8 from 4, stage 1: 30 samples
        Fit { a: 1.035, b: -0.349, sigma: 4.081 }, // depth 8 from 4, stage 2: 80 samples
        Fit { a: 0.993, b: -0.633, sigma: 3.754 }, // depth 8 from 4, stage 3: 80 samples
        Fit { a: 1.020, b: 0.090, sigma: 3.859 }, // depth 8 from 4, stage 4: 80 samples
        Fit { a: 0.996, b: 0.172, sigma: 3.472 }, // depth 8 from 4, stage 5: 80 samples
        Fit { a: 1.016, b: 0.544, sigma: 3.800 }, // depth 8 from 4, stage 6: 80 samples
        Fit { a: 0.981, b: 0.478, sigma: 2.518 }, // depth 8 from 4, stage 7: 80 samples
        Fit { a: 0.978, b: 0.391, sigma: 2.429 }, // depth 8 from 4, stage 8: 80 samples
        Fit { a: 1.049, b: -0.025, sigma: 2.166 }, // depth 8 from 4, stage 9: 80 samples
        Fit { a: 1.114, b: -0.406, sigma: 2.133 }, // depth 8 from 4, stage 10: 80 samples
        Fit { a: 1.114, b: -0.406, sigma: 2.133 }, // depth 8 from 4, stage 11: 80 samples
    ],
    [
        Fit { a: 1.027, b: 0.868, sigma: 4.282 }, // depth 9 from 5, stage 0: 80 samples
        Fit { a: 1.027, b: 0.868, sigma: 4.282 }, // depth 9 from 5, stage 1: 80 samples
        Fit { a: 1.027, b: 0.868, sigma: 4.282 }, // depth 9 from 5, stage 2: 80 samples
        Fit { a: 1.010, b: 0.458, sigma: 3.359 }, // depth 9 from 5, stage 3: 80 samples
        Fit { a: 1.026, b: 0.313, sigma: 3.189 }, // depth 9 from 5, stage 4: 80 samples
        Fit { a: 0.990, b: 0.614, sigma: 3.096 }, // depth 9 from 5, stage 5: 80 samples
        Fit { a: 1.002, b: 0.240, sigma: 3.775 }, // depth 9 from 5, stage 6: 80 samples
        Fit { a: 0.989, b: 0.357, sigma: 2.186 }, // depth 9 from 5, stage 7: 80 samples
        Fit { a: 0.986, b: 0.450, sigma: 2.345 }, // depth 9 from 5, stage 8: 80 samples
        Fit { a: 1.040, b: -0.234, sigma: 2.045 }, // depth 9 from 5, stage 9: 80 samples
        Fit { a: 1.095, b: 0.473, sigma: 2.055 }, // depth 9 from 5, stage 10: 80 samples
        Fit { a: 1.095, b: 0.473, sigma: 2.055 }, // depth 9 from 5, stage 11: 80 samples
    ],
    [
        Fit { a: 1.045, b: -0.196, sigma: 5.136 }, // depth 10 from 4, stage 0: 80 samples
        Fit { a: 1.045, b: -0.196, sigma: 5.136 }, // depth 10 from 4, stage 1: 80 samples
        Fit { a: 1.045, b: -0.196, sigma: 5.136 }, // depth 10 from 4, stage 2: 80 samples
        Fit { a: 1.012, b: -0.655, sigma: 4.589 }, // depth 10 from 4, stage 3: 80 samples
        Fit { a: 1.022, b: 0.173, sigma: 4.460 }, // depth 10 from 4, stage 4: 80 samples
        Fit { a: 0.991, b: 0.211, sigma: 4.004 }, // depth 10 from 4, stage 5: 80 samples
        Fit { a: 1.037, b: 0.626, sigma: 4.556 }, // depth 10 from 4, stage 6: 80 samples
        Fit { a: 0.973, b: 0.498, sigma: 3.007 }, // depth 10 from 4, stage 7: 80 samples
        Fit { a: 0.995, b: 0.382, sigma: 2.426 }, // depth 10 from 4, stage 8: 80 samples
        Fit { a: 1.081, b: 0.227, sigma: 2.824 }, // depth 10 from 4, stage 9: 80 samples
        Fit { a: 1.121, b: -0.381, sigma: 2.239 }, // depth 10 from 4, stage 10: 80 samples
        Fit { a: 1.121, b: -0.381, sigma: 2.239 }, // depth 10 from 4, stage 11: 80 samples
    ],
    [
        Fit { a: 1.035, b: 1.423, sigma: 5.267 }, // depth 11 from 5, stage 0: 63 samples
        Fit { a: 1.035, b: 1.423, sigma: 5.267 }, // depth 11 from 5, stage 1: 63 samples
        Fit { a: 1.035, b: 1.423, sigma: 5.267 }, // depth 11 from 5, stage 2: 63 samples
        Fit { a: 1.025, b: 1.013, sigma: 4.260 }, // depth 11 from 5, stage 3: 80 samples
        Fit { a: 1.020, b: -0.041, sigma: 4.290 }, // depth 11 from 5, stage 4: 80 samples
        Fit { a: 0.991, b: 0.948, sigma: 3.526 }, // depth 11 from 5, stage 5: 80 samples
        Fit { a: 0.998, b: 0.643, sigma: 4.618 }, // depth 11 from 5, stage 6: 80 samples
        Fit { a: 0.998, b: 0.707, sigma: 2.622 }, // depth 11 from 5, stage 7: 80 samples
        Fit { a: 1.002, b: 0.394, sigma: 2.679 }, // depth 11 from 5, stage 8: 80 samples
        Fit { a: 1.058, b: 0.003, sigma: 2.110 }, // depth 11 from 5, stage 9: 80 samples
        Fit { a: 1.112, b: 0.395, sigma: 2.549 }, // depth 11 from 5, stage 10: 80 samples
        Fit { a: 1.112, b: 0.395, sigma: 2.549 }, // depth 11 from 5, stage 11: 80 samples
    ],
    [
        Fit { a: 1.020, b: 1.241, sigma: 4.746 }, // depth 12 from 6, stage 0: 51 samples
        Fit { a: 1.020, b: 1.241, sigma: 4.746 }, // depth 12 from 6, stage 1: 51 samples
        Fit { a: 1.020, b: 1.241, sigma: 4.746 }, // depth 12 from 6, stage 2: 51 samples
        Fit { a: 1.037, b: -0.643, sigma: 4.578 }, // depth 12 from 6, stage 3: 80 samples
        Fit { a: 1.027, b: 0.149, sigma: 3.975 }, // depth 12 from 6, stage 4: 80 samples
        Fit { a: 0.998, b: 0.198, sigma: 3.171 }, // depth 12 from 6, stage 5: 80 samples
        Fit { a: 1.032, b: 0.451, sigma: 3.651 }, // depth 12 from 6, stage 6: 80 samples
        Fit { a: 0.989, b: 0.183, sigma: 2.849 }, // depth 12 from 6, stage 7: 80 samples
        Fit { a: 1.016, b: 0.572, sigma: 2.090 }, // depth 12 from 6, stage 8: 80 samples
        Fit { a: 1.046, b: 0.092, sigma: 2.138 }, // depth 12 from 6, stage 9: 80 samples
        Fit { a: 1.067, b: 0.064, sigma: 2.474 }, // depth 12 from 6, stage 10: 80 samples
        Fit { a: 1.067, b: 0.064, sigma: 2.474 }, // depth 12 from 6, stage 11: 80 samples
    ],
]
