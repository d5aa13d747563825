# Measured latency and bandwidth between NUMA nodes (docs/measure.md). Binding goes through hwloc, which core
# already links: no libnuma.
target_sources(numasight_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/measure_plan.cpp ${CMAKE_CURRENT_LIST_DIR}/measure_plan.h
  ${CMAKE_CURRENT_LIST_DIR}/memory_probe.cpp ${CMAKE_CURRENT_LIST_DIR}/memory_probe.h
  ${CMAKE_CURRENT_LIST_DIR}/measurement.cpp ${CMAKE_CURRENT_LIST_DIR}/measurement.h
)
# std::thread for the bound measurement threads.
find_package(Threads REQUIRED)
target_link_libraries(numasight_core PRIVATE Threads::Threads)
