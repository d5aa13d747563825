# witty-profiler-compatible NUMA metrics, numasight's locality measures, and the numbers behind the heatmaps.
target_sources(numasight_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/witty_metrics.cpp ${CMAKE_CURRENT_LIST_DIR}/witty_metrics.h
  ${CMAKE_CURRENT_LIST_DIR}/heatmap_data.cpp ${CMAKE_CURRENT_LIST_DIR}/heatmap_data.h
  ${CMAKE_CURRENT_LIST_DIR}/matrix_heatmap.cpp ${CMAKE_CURRENT_LIST_DIR}/matrix_heatmap.h
)
