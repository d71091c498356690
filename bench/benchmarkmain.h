// SPDX-License-Identifier: MIT
// Google Benchmark's main with a Qt application object alive around the runs (the controller,
// the store and the views need one).
#pragma once

#include <benchmark/benchmark.h>

template<typename Application>
int runBenchmarksWith(int argc, char** argv)
{
    Application app(argc, argv);
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
