# witty-profiler-compatible NUMA metrics and numasight's locality measures.
target_sources(numasight_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/witty_metrics.cpp ${CMAKE_CURRENT_LIST_DIR}/witty_metrics.h
)
