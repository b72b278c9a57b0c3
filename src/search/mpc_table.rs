// Written by `train mpc` (see TRAINING.md): Fit { a, b, sigma } for depths
// MIN_DEPTH..=MAX_CALIBRATED (rows), stages 0..STAGES (columns).
[
    [
        Fit { a: 1.036, b: -2.095, sigma: 5.481 }, // depth 3 from 1, stage 0: 38 samples
        Fit { a: 1.016, b: -0.902, sigma: 4.553 }, // depth 3 from 1, stage 1: 80 samples
        Fit { a: 1.014, b: -0.532, sigma: 5.013 }, // depth 3 from 1, stage 2: 80 samples
        Fit { a: 1.009, b: -0.884, sigma: 4.167 }, // depth 3 from 1, stage 3: 80 samples
        Fit { a: 1.007, b: -0.891, sigma: 5.042 }, // depth 3 from 1, stage 4: 80 samples
        Fit { a: 1.030, b: -0.931, sigma: 4.312 }, // depth 3 from 1, stage 5: 80 samples
        Fit { a: 0.987, b: -2.012, sigma: 6.680 }, // depth 3 from 1, stage 6: 80 samples
        Fit { a: 1.063, b: -0.426, sigma: 3.825 }, // depth 3 from 1, stage 7: 80 samples
        Fit { a: 1.043, b: -0.497, sigma: 3.847 }, // depth 3 from 1, stage 8: 80 samples
        Fit { a: 1.039, b: 0.281, sigma: 2.055 }, // depth 3 from 1, stage 9: 80 samples
        Fit { a: 1.031, b: -0.740, sigma: 2.485 }, // depth 3 from 1, stage 10: 80 samples
        Fit { a: 1.215, b: 0.888, sigma: 1.831 }, // depth 3 from 1, stage 11: 80 samples
    ],
    [
        Fit { a: 1.008, b: 0.061, sigma: 3.414 }, // depth 4 from 2, stage 0: 80 samples
        Fit { a: 1.008, b: 0.061, sigma: 3.414 }, // depth 4 from 2, stage 1: 80 samples
        Fit { a: 0.967, b: 0.230, sigma: 3.281 }, // depth 4 from 2, stage 2: 80 samples
        Fit { a: 0.973, b: 1.127, sigma: 3.728 }, // depth 4 from 2, stage 3: 80 samples
        Fit { a: 1.000, b: 0.355, sigma: 3.102 }, // depth 4 from 2, stage 4: 80 samples
        Fit { a: 1.012, b: 0.752, sigma: 3.076 }, // depth 4 from 2, stage 5: 80 samples
        Fit { a: 0.991, b: 0.490, sigma: 4.020 }, // depth 4 from 2, stage 6: 80 samples
        Fit { a: 1.012, b: 1.417, sigma: 3.340 }, // depth 4 from 2, stage 7: 80 samples
        Fit { a: 1.011, b: 0.687, sigma: 2.851 }, // depth 4 from 2, stage 8: 80 samples
        Fit { a: 1.039, b: 0.592, sigma: 1.980 }, // depth 4 from 2, stage 9: 80 samples
        Fit { a: 0.980, b: 0.301, sigma: 1.811 }, // depth 4 from 2, stage 10: 80 samples
        Fit { a: 0.982, b: 0.084, sigma: 1.650 }, // depth 4 from 2, stage 11: 80 samples
    ],
    [
        Fit { a: 0.990, b: 0.259, sigma: 3.742 }, // depth 5 from 3, stage 0: 80 samples
        Fit { a: 0.990, b: 0.259, sigma: 3.742 }, // depth 5 from 3, stage 1: 80 samples
        Fit { a: 1.000, b: 0.771, sigma: 3.534 }, // depth 5 from 3, stage 2: 80 samples
        Fit { a: 0.994, b: -0.190, sigma: 3.615 }, // depth 5 from 3, stage 3: 80 samples
        Fit { a: 1.001, b: -0.252, sigma: 2.990 }, // depth 5 from 3, stage 4: 80 samples
        Fit { a: 1.030, b: -0.349, sigma: 3.016 }, // depth 5 from 3, stage 5: 80 samples
        Fit { a: 1.021, b: 0.763, sigma: 3.033 }, // depth 5 from 3, stage 6: 80 samples
        Fit { a: 0.989, b: -0.114, sigma: 2.513 }, // depth 5 from 3, stage 7: 80 samples
        Fit { a: 1.020, b: 0.585, sigma: 2.489 }, // depth 5 from 3, stage 8: 80 samples
        Fit { a: 1.032, b: 0.173, sigma: 1.972 }, // depth 5 from 3, stage 9: 80 samples
        Fit { a: 0.992, b: -0.212, sigma: 1.602 }, // depth 5 from 3, stage 10: 80 samples
        Fit { a: 0.958, b: -0.167, sigma: 1.291 }, // depth 5 from 3, stage 11: 80 samples
    ],
    [
        Fit { a: 1.012, b: 0.505, sigma: 4.781 }, // depth 6 from 2, stage 0: 60 samples
        Fit { a: 1.012, b: 0.505, sigma: 4.781 }, // depth 6 from 2, stage 1: 60 samples
        Fit { a: 0.987, b: 1.103, sigma: 5.482 }, // depth 6 from 2, stage 2: 80 samples
        Fit { a: 0.980, b: 1.355, sigma: 4.314 }, // depth 6 from 2, stage 3: 80 samples
        Fit { a: 0.980, b: 0.777, sigma: 3.704 }, // depth 6 from 2, stage 4: 80 samples
        Fit { a: 1.011, b: 1.012, sigma: 4.423 }, // depth 6 from 2, stage 5: 80 samples
        Fit { a: 1.009, b: 0.870, sigma: 4.978 }, // depth 6 from 2, stage 6: 80 samples
        Fit { a: 1.025, b: 1.299, sigma: 3.894 }, // depth 6 from 2, stage 7: 80 samples
        Fit { a: 1.061, b: 1.042, sigma: 4.047 }, // depth 6 from 2, stage 8: 80 samples
        Fit { a: 1.061, b: 0.908, sigma: 2.837 }, // depth 6 from 2, stage 9: 80 samples
        Fit { a: 1.086, b: 0.518, sigma: 1.857 }, // depth 6 from 2, stage 10: 80 samples
        Fit { a: 1.062, b: 0.488, sigma: 1.863 }, // depth 6 from 2, stage 11: 80 samples
    ],
    [
        Fit { a: 1.006, b: 0.540, sigma: 4.182 }, // depth 7 from 3, stage 0: 45 samples
        Fit { a: 1.006, b: 0.540, sigma: 4.182 }, // depth 7 from 3, stage 1: 45 samples
        Fit { a: 1.014, b: 1.291, sigma: 4.653 }, // depth 7 from 3, stage 2: 80 samples
        Fit { a: 0.997, b: 0.220, sigma: 4.189 }, // depth 7 from 3, stage 3: 80 samples
        Fit { a: 0.998, b: -0.122, sigma: 3.889 }, // depth 7 from 3, stage 4: 80 samples
        Fit { a: 1.018, b: 0.007, sigma: 3.949 }, // depth 7 from 3, stage 5: 80 samples
        Fit { a: 1.028, b: 0.852, sigma: 4.158 }, // depth 7 from 3, stage 6: 80 samples
        Fit { a: 1.006, b: 0.073, sigma: 2.980 }, // depth 7 from 3, stage 7: 80 samples
        Fit { a: 1.029, b: 0.642, sigma: 3.629 }, // depth 7 from 3, stage 8: 80 samples
        Fit { a: 1.049, b: 0.004, sigma: 2.550 }, // depth 7 from 3, stage 9: 80 samples
        Fit { a: 1.081, b: 0.070, sigma: 1.919 }, // depth 7 from 3, stage 10: 80 samples
        Fit { a: 1.007, b: -0.555, sigma: 1.572 }, // depth 7 from 3, stage 11: 80 samples
    ],
    [
        Fit { a: 1.004, b: 1.001, sigma: 5.082 }, // depth 8 from 4, stage 0: 33 samples
        Fit { a: 1.004, b: 1.001, sigma: 5.082 }, // depth 8 from 4, stage 1: 33 samples
        Fit { a: 1.020, b: 1.822, sigma: 4.972 }, // depth 8 from 4, stage 2: 80 samples
        Fit { a: 1.007, b: 0.033, sigma: 3.582 }, // depth 8 from 4, stage 3: 80 samples
        Fit { a: 0.989, b: 0.801, sigma: 3.006 }, // depth 8 from 4, stage 4: 80 samples
        Fit { a: 1.006, b: 0.751, sigma: 3.617 }, // depth 8 from 4, stage 5: 80 samples
        Fit { a: 1.011, b: 0.245, sigma: 3.598 }, // depth 8 from 4, stage 6: 80 samples
        Fit { a: 1.019, b: 0.163, sigma: 3.471 }, // depth 8 from 4, stage 7: 80 samples
        Fit { a: 1.060, b: 0.546, sigma: 3.532 }, // depth 8 from 4, stage 8: 80 samples
        Fit { a: 1.027, b: 0.275, sigma: 2.119 }, // depth 8 from 4, stage 9: 80 samples
        Fit { a: 1.108, b: 0.652, sigma: 1.981 }, // depth 8 from 4, stage 10: 80 samples
        Fit { a: 1.036, b: 0.828, sigma: 1.484 }, // depth 8 from 4, stage 11: 80 samples
    ],
    [
        Fit { a: 1.009, b: 0.986, sigma: 4.539 }, // depth 9 from 5, stage 0: 80 samples
        Fit { a: 1.009, b: 0.986, sigma: 4.539 }, // depth 9 from 5, stage 1: 80 samples
        Fit { a: 1.009, b: 0.986, sigma: 4.539 }, // depth 9 from 5, stage 2: 80 samples
        Fit { a: 0.979, b: 0.556, sigma: 3.446 }, // depth 9 from 5, stage 3: 80 samples
        Fit { a: 0.984, b: -0.010, sigma: 3.408 }, // depth 9 from 5, stage 4: 80 samples
        Fit { a: 0.994, b: 1.178, sigma: 2.577 }, // depth 9 from 5, stage 5: 80 samples
        Fit { a: 1.001, b: 0.338, sigma: 3.143 }, // depth 9 from 5, stage 6: 80 samples
        Fit { a: 1.021, b: 0.308, sigma: 2.762 }, // depth 9 from 5, stage 7: 80 samples
        Fit { a: 1.029, b: 0.219, sigma: 2.658 }, // depth 9 from 5, stage 8: 80 samples
        Fit { a: 1.002, b: 0.013, sigma: 2.230 }, // depth 9 from 5, stage 9: 80 samples
        Fit { a: 1.109, b: 0.474, sigma: 2.028 }, // depth 9 from 5, stage 10: 80 samples
        Fit { a: 1.114, b: -0.365, sigma: 0.916 }, // depth 9 from 5, stage 11: 80 samples
    ],
    [
        Fit { a: 1.037, b: 1.582, sigma: 5.648 }, // depth 10 from 4, stage 0: 80 samples
        Fit { a: 1.037, b: 1.582, sigma: 5.648 }, // depth 10 from 4, stage 1: 80 samples
        Fit { a: 1.037, b: 1.582, sigma: 5.648 }, // depth 10 from 4, stage 2: 80 samples
        Fit { a: 1.000, b: -0.123, sigma: 4.283 }, // depth 10 from 4, stage 3: 80 samples
        Fit { a: 0.990, b: 0.636, sigma: 3.813 }, // depth 10 from 4, stage 4: 80 samples
        Fit { a: 1.024, b: 0.779, sigma: 3.885 }, // depth 10 from 4, stage 5: 80 samples
        Fit { a: 1.017, b: 0.359, sigma: 3.868 }, // depth 10 from 4, stage 6: 80 samples
        Fit { a: 1.023, b: -0.158, sigma: 4.087 }, // depth 10 from 4, stage 7: 80 samples
        Fit { a: 1.068, b: 0.652, sigma: 3.379 }, // depth 10 from 4, stage 8: 80 samples
        Fit { a: 1.046, b: 0.084, sigma: 2.305 }, // depth 10 from 4, stage 9: 80 samples
        Fit { a: 1.135, b: 0.632, sigma: 2.162 }, // depth 10 from 4, stage 10: 80 samples
        Fit { a: 1.103, b: 0.841, sigma: 1.675 }, // depth 10 from 4, stage 11: 80 samples
    ],
    [
        Fit { a: 1.029, b: 1.318, sigma: 5.174 }, // depth 11 from 5, stage 0: 67 samples
        Fit { a: 1.029, b: 1.318, sigma: 5.174 }, // depth 11 from 5, stage 1: 67 samples
        Fit { a: 1.029, b: 1.318, sigma: 5.174 }, // depth 11 from 5, stage 2: 67 samples
        Fit { a: 0.998, b: 1.295, sigma: 4.067 }, // depth 11 from 5, stage 3: 80 samples
        Fit { a: 0.981, b: -0.127, sigma: 3.952 }, // depth 11 from 5, stage 4: 80 samples
        Fit { a: 0.980, b: 0.908, sigma: 3.227 }, // depth 11 from 5, stage 5: 80 samples
        Fit { a: 1.002, b: 0.119, sigma: 3.240 }, // depth 11 from 5, stage 6: 80 samples
        Fit { a: 1.006, b: 0.210, sigma: 2.662 }, // depth 11 from 5, stage 7: 80 samples
        Fit { a: 1.044, b: 0.210, sigma: 3.029 }, // depth 11 from 5, stage 8: 80 samples
        Fit { a: 1.023, b: 0.048, sigma: 2.329 }, // depth 11 from 5, stage 9: 80 samples
        Fit { a: 1.093, b: 0.306, sigma: 1.794 }, // depth 11 from 5, stage 10: 80 samples
        Fit { a: 1.182, b: -0.073, sigma: 1.473 }, // depth 11 from 5, stage 11: 80 samples
    ],
    [
        Fit { a: 1.021, b: 1.418, sigma: 5.107 }, // depth 12 from 6, stage 0: 49 samples
        Fit { a: 1.021, b: 1.418, sigma: 5.107 }, // depth 12 from 6, stage 1: 49 samples
        Fit { a: 1.021, b: 1.418, sigma: 5.107 }, // depth 12 from 6, stage 2: 49 samples
        Fit { a: 1.010, b: -0.446, sigma: 3.695 }, // depth 12 from 6, stage 3: 80 samples
        Fit { a: 1.018, b: 0.069, sigma: 4.226 }, // depth 12 from 6, stage 4: 80 samples
        Fit { a: 1.014, b: 0.111, sigma: 2.934 }, // depth 12 from 6, stage 5: 80 samples
        Fit { a: 1.002, b: 0.050, sigma: 3.059 }, // depth 12 from 6, stage 6: 80 samples
        Fit { a: 1.012, b: -0.300, sigma: 2.449 }, // depth 12 from 6, stage 7: 80 samples
        Fit { a: 1.014, b: 0.273, sigma: 2.602 }, // depth 12 from 6, stage 8: 80 samples
        Fit { a: 1.020, b: -0.071, sigma: 1.788 }, // depth 12 from 6, stage 9: 80 samples
        Fit { a: 1.020, b: 0.390, sigma: 1.529 }, // depth 12 from 6, stage 10: 80 samples
        Fit { a: 1.099, b: 0.278, sigma: 1.440 }, // depth 12 from 6, stage 11: 80 samples
    ],
]
