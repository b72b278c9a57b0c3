// Written by `train mpc` (see TRAINING.md): Fit { a, b, sigma } for depths
// MIN_DEPTH..=MAX_CALIBRATED (rows), stages 0..STAGES (columns).
[
    [
        Fit { a: 1.024, b: -0.120, sigma: 4.439 }, // depth 3 from 1, stage 0: 34 samples
        Fit { a: 1.016, b: -1.549, sigma: 4.943 }, // depth 3 from 1, stage 1: 80 samples
        Fit { a: 0.970, b: 0.560, sigma: 4.387 }, // depth 3 from 1, stage 2: 80 samples
        Fit { a: 0.991, b: -0.300, sigma: 4.822 }, // depth 3 from 1, stage 3: 80 samples
        Fit { a: 1.063, b: 0.885, sigma: 3.929 }, // depth 3 from 1, stage 4: 80 samples
        Fit { a: 1.076, b: -0.114, sigma: 3.076 }, // depth 3 from 1, stage 5: 80 samples
        Fit { a: 1.054, b: 0.066, sigma: 2.602 }, // depth 3 from 1, stage 6: 80 samples
        Fit { a: 1.039, b: -0.540, sigma: 1.969 }, // depth 3 from 1, stage 7: 80 samples
        Fit { a: 1.030, b: -0.088, sigma: 1.267 }, // depth 3 from 1, stage 8: 80 samples
        Fit { a: 1.057, b: -0.381, sigma: 1.620 }, // depth 3 from 1, stage 9: 80 samples
        Fit { a: 1.001, b: 0.204, sigma: 1.099 }, // depth 3 from 1, stage 10: 80 samples
        Fit { a: 1.001, b: 0.204, sigma: 1.099 }, // depth 3 from 1, stage 11: 80 samples
    ],
    [
        Fit { a: 1.026, b: -0.940, sigma: 4.300 }, // depth 4 from 2, stage 0: 80 samples
        Fit { a: 1.026, b: -0.940, sigma: 4.300 }, // depth 4 from 2, stage 1: 80 samples
        Fit { a: 1.003, b: -0.108, sigma: 4.547 }, // depth 4 from 2, stage 2: 80 samples
        Fit { a: 1.002, b: 1.161, sigma: 4.604 }, // depth 4 from 2, stage 3: 80 samples
        Fit { a: 1.041, b: 0.097, sigma: 4.307 }, // depth 4 from 2, stage 4: 80 samples
        Fit { a: 1.097, b: 0.341, sigma: 2.974 }, // depth 4 from 2, stage 5: 80 samples
        Fit { a: 1.061, b: 0.322, sigma: 3.112 }, // depth 4 from 2, stage 6: 80 samples
        Fit { a: 1.081, b: 0.089, sigma: 1.934 }, // depth 4 from 2, stage 7: 80 samples
        Fit { a: 1.071, b: -0.549, sigma: 1.642 }, // depth 4 from 2, stage 8: 80 samples
        Fit { a: 0.986, b: 0.528, sigma: 1.139 }, // depth 4 from 2, stage 9: 80 samples
        Fit { a: 1.000, b: -0.266, sigma: 1.308 }, // depth 4 from 2, stage 10: 80 samples
        Fit { a: 1.000, b: -0.266, sigma: 1.308 }, // depth 4 from 2, stage 11: 80 samples
    ],
    [
        Fit { a: 0.986, b: 0.207, sigma: 3.830 }, // depth 5 from 3, stage 0: 80 samples
        Fit { a: 0.986, b: 0.207, sigma: 3.830 }, // depth 5 from 3, stage 1: 80 samples
        Fit { a: 1.018, b: 0.068, sigma: 3.614 }, // depth 5 from 3, stage 2: 80 samples
        Fit { a: 1.003, b: -0.488, sigma: 3.945 }, // depth 5 from 3, stage 3: 80 samples
        Fit { a: 1.031, b: -0.333, sigma: 3.420 }, // depth 5 from 3, stage 4: 80 samples
        Fit { a: 1.088, b: -0.010, sigma: 2.206 }, // depth 5 from 3, stage 5: 80 samples
        Fit { a: 1.089, b: 0.771, sigma: 2.326 }, // depth 5 from 3, stage 6: 80 samples
        Fit { a: 1.089, b: -0.171, sigma: 1.757 }, // depth 5 from 3, stage 7: 80 samples
        Fit { a: 1.060, b: 0.125, sigma: 1.099 }, // depth 5 from 3, stage 8: 80 samples
        Fit { a: 1.014, b: -0.170, sigma: 1.012 }, // depth 5 from 3, stage 9: 80 samples
        Fit { a: 1.028, b: -0.031, sigma: 0.713 }, // depth 5 from 3, stage 10: 80 samples
        Fit { a: 1.028, b: -0.031, sigma: 0.713 }, // depth 5 from 3, stage 11: 80 samples
    ],
    [
        Fit { a: 0.992, b: -0.298, sigma: 5.163 }, // depth 6 from 2, stage 0: 62 samples
        Fit { a: 0.992, b: -0.298, sigma: 5.163 }, // depth 6 from 2, stage 1: 62 samples
        Fit { a: 1.024, b: -0.754, sigma: 5.041 }, // depth 6 from 2, stage 2: 80 samples
        Fit { a: 0.998, b: 0.980, sigma: 6.167 }, // depth 6 from 2, stage 3: 80 samples
        Fit { a: 1.065, b: 1.392, sigma: 6.809 }, // depth 6 from 2, stage 4: 80 samples
        Fit { a: 1.185, b: 0.644, sigma: 4.427 }, // depth 6 from 2, stage 5: 80 samples
        Fit { a: 1.150, b: 0.996, sigma: 4.632 }, // depth 6 from 2, stage 6: 80 samples
        Fit { a: 1.140, b: 0.098, sigma: 2.295 }, // depth 6 from 2, stage 7: 80 samples
        Fit { a: 1.130, b: -0.532, sigma: 1.897 }, // depth 6 from 2, stage 8: 80 samples
        Fit { a: 1.022, b: 0.707, sigma: 1.841 }, // depth 6 from 2, stage 9: 80 samples
        Fit { a: 1.098, b: -0.238, sigma: 1.231 }, // depth 6 from 2, stage 10: 80 samples
        Fit { a: 1.098, b: -0.238, sigma: 1.231 }, // depth 6 from 2, stage 11: 80 samples
    ],
    [
        Fit { a: 1.004, b: 0.356, sigma: 4.410 }, // depth 7 from 3, stage 0: 46 samples
        Fit { a: 1.004, b: 0.356, sigma: 4.410 }, // depth 7 from 3, stage 1: 46 samples
        Fit { a: 1.041, b: 0.054, sigma: 4.511 }, // depth 7 from 3, stage 2: 80 samples
        Fit { a: 1.013, b: -0.305, sigma: 5.033 }, // depth 7 from 3, stage 3: 80 samples
        Fit { a: 1.057, b: -0.656, sigma: 6.660 }, // depth 7 from 3, stage 4: 80 samples
        Fit { a: 1.172, b: 0.344, sigma: 3.982 }, // depth 7 from 3, stage 5: 80 samples
        Fit { a: 1.181, b: 0.647, sigma: 3.656 }, // depth 7 from 3, stage 6: 80 samples
        Fit { a: 1.133, b: 0.025, sigma: 2.241 }, // depth 7 from 3, stage 7: 80 samples
        Fit { a: 1.133, b: 0.156, sigma: 1.550 }, // depth 7 from 3, stage 8: 80 samples
        Fit { a: 1.133, b: -0.267, sigma: 1.348 }, // depth 7 from 3, stage 9: 80 samples
        Fit { a: 1.083, b: -0.576, sigma: 1.227 }, // depth 7 from 3, stage 10: 80 samples
        Fit { a: 1.083, b: -0.576, sigma: 1.227 }, // depth 7 from 3, stage 11: 80 samples
    ],
    [
        Fit { a: 1.014, b: -0.340, sigma: 4.276 }, // depth 8 from 4, stage 0: 30 samples
        Fit { a: 1.014, b: -0.340, sigma: 4.276 }, // depth 8 from 4, stage 1: 30 samples
        Fit { a: 1.038, b: -0.372, sigma: 4.538 }, // depth 8 from 4, stage 2: 80 samples
        Fit { a: 0.982, b: -0.028, sigma: 4.429 }, // depth 8 from 4, stage 3: 80 samples
        Fit { a: 1.037, b: 2.572, sigma: 6.631 }, // depth 8 from 4, stage 4: 80 samples
        Fit { a: 1.134, b: 0.817, sigma: 4.354 }, // depth 8 from 4, stage 5: 80 samples
        Fit { a: 1.174, b: 1.066, sigma: 3.431 }, // depth 8 from 4, stage 6: 80 samples
        Fit { a: 1.115, b: -0.272, sigma: 1.830 }, // depth 8 from 4, stage 7: 80 samples
        Fit { a: 1.123, b: 0.198, sigma: 1.356 }, // depth 8 from 4, stage 8: 80 samples
        Fit { a: 1.105, b: -0.159, sigma: 1.299 }, // depth 8 from 4, stage 9: 80 samples
        Fit { a: 1.099, b: 0.446, sigma: 1.084 }, // depth 8 from 4, stage 10: 80 samples
        Fit { a: 1.099, b: 0.446, sigma: 1.084 }, // depth 8 from 4, stage 11: 80 samples
    ],
    [
        Fit { a: 1.028, b: 0.352, sigma: 4.855 }, // depth 9 from 5, stage 0: 80 samples
        Fit { a: 1.028, b: 0.352, sigma: 4.855 }, // depth 9 from 5, stage 1: 80 samples
        Fit { a: 1.028, b: 0.352, sigma: 4.855 }, // depth 9 from 5, stage 2: 80 samples
        Fit { a: 1.009, b: 0.767, sigma: 3.770 }, // depth 9 from 5, stage 3: 80 samples
        Fit { a: 1.059, b: -0.189, sigma: 6.963 }, // depth 9 from 5, stage 4: 80 samples
        Fit { a: 1.110, b: 0.446, sigma: 4.043 }, // depth 9 from 5, stage 5: 80 samples
        Fit { a: 1.184, b: -0.091, sigma: 3.562 }, // depth 9 from 5, stage 6: 80 samples
        Fit { a: 1.098, b: 0.494, sigma: 1.647 }, // depth 9 from 5, stage 7: 80 samples
        Fit { a: 1.163, b: -0.128, sigma: 1.399 }, // depth 9 from 5, stage 8: 80 samples
        Fit { a: 1.171, b: 0.147, sigma: 1.264 }, // depth 9 from 5, stage 9: 80 samples
        Fit { a: 1.090, b: -0.719, sigma: 1.122 }, // depth 9 from 5, stage 10: 80 samples
        Fit { a: 1.090, b: -0.719, sigma: 1.122 }, // depth 9 from 5, stage 11: 80 samples
    ],
    [
        Fit { a: 1.032, b: -0.076, sigma: 5.266 }, // depth 10 from 4, stage 0: 80 samples
        Fit { a: 1.032, b: -0.076, sigma: 5.266 }, // depth 10 from 4, stage 1: 80 samples
        Fit { a: 1.032, b: -0.076, sigma: 5.266 }, // depth 10 from 4, stage 2: 80 samples
        Fit { a: 0.994, b: -0.289, sigma: 4.840 }, // depth 10 from 4, stage 3: 80 samples
        Fit { a: 1.063, b: 2.990, sigma: 8.893 }, // depth 10 from 4, stage 4: 80 samples
        Fit { a: 1.156, b: 1.306, sigma: 5.421 }, // depth 10 from 4, stage 5: 80 samples
        Fit { a: 1.269, b: 1.015, sigma: 4.676 }, // depth 10 from 4, stage 6: 80 samples
        Fit { a: 1.172, b: -0.668, sigma: 2.372 }, // depth 10 from 4, stage 7: 80 samples
        Fit { a: 1.230, b: 0.180, sigma: 1.816 }, // depth 10 from 4, stage 8: 80 samples
        Fit { a: 1.165, b: -0.189, sigma: 1.706 }, // depth 10 from 4, stage 9: 80 samples
        Fit { a: 1.119, b: 0.603, sigma: 1.192 }, // depth 10 from 4, stage 10: 80 samples
        Fit { a: 1.119, b: 0.603, sigma: 1.192 }, // depth 10 from 4, stage 11: 80 samples
    ],
    [
        Fit { a: 1.038, b: 0.493, sigma: 5.630 }, // depth 11 from 5, stage 0: 63 samples
        Fit { a: 1.038, b: 0.493, sigma: 5.630 }, // depth 11 from 5, stage 1: 63 samples
        Fit { a: 1.038, b: 0.493, sigma: 5.630 }, // depth 11 from 5, stage 2: 63 samples
        Fit { a: 1.018, b: 0.973, sigma: 4.791 }, // depth 11 from 5, stage 3: 80 samples
        Fit { a: 1.069, b: -0.675, sigma: 8.515 }, // depth 11 from 5, stage 4: 80 samples
        Fit { a: 1.112, b: 0.238, sigma: 5.792 }, // depth 11 from 5, stage 5: 80 samples
        Fit { a: 1.265, b: -0.341, sigma: 4.681 }, // depth 11 from 5, stage 6: 80 samples
        Fit { a: 1.180, b: 0.689, sigma: 2.055 }, // depth 11 from 5, stage 7: 80 samples
        Fit { a: 1.258, b: -0.099, sigma: 1.752 }, // depth 11 from 5, stage 8: 80 samples
        Fit { a: 1.231, b: 0.154, sigma: 1.809 }, // depth 11 from 5, stage 9: 80 samples
        Fit { a: 1.149, b: -0.749, sigma: 1.346 }, // depth 11 from 5, stage 10: 80 samples
        Fit { a: 1.149, b: -0.749, sigma: 1.346 }, // depth 11 from 5, stage 11: 80 samples
    ],
    [
        Fit { a: 0.999, b: 1.675, sigma: 4.669 }, // depth 12 from 6, stage 0: 51 samples
        Fit { a: 0.999, b: 1.675, sigma: 4.669 }, // depth 12 from 6, stage 1: 51 samples
        Fit { a: 0.999, b: 1.675, sigma: 4.669 }, // depth 12 from 6, stage 2: 51 samples
        Fit { a: 1.005, b: -0.291, sigma: 4.681 }, // depth 12 from 6, stage 3: 80 samples
        Fit { a: 1.042, b: 1.621, sigma: 7.059 }, // depth 12 from 6, stage 4: 80 samples
        Fit { a: 1.073, b: 1.656, sigma: 6.511 }, // depth 12 from 6, stage 5: 80 samples
        Fit { a: 1.247, b: 0.518, sigma: 4.970 }, // depth 12 from 6, stage 6: 80 samples
        Fit { a: 1.189, b: -0.771, sigma: 2.424 }, // depth 12 from 6, stage 7: 80 samples
        Fit { a: 1.252, b: 0.026, sigma: 1.630 }, // depth 12 from 6, stage 8: 80 samples
        Fit { a: 1.204, b: -0.463, sigma: 1.637 }, // depth 12 from 6, stage 9: 80 samples
        Fit { a: 1.116, b: 0.237, sigma: 1.221 }, // depth 12 from 6, stage 10: 80 samples
        Fit { a: 1.116, b: 0.237, sigma: 1.221 }, // depth 12 from 6, stage 11: 80 samples
    ],
]
