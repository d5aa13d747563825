# Attaching to running witty-profiler servers over HTTP.
target_sources(numasight_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/host_namespace.cpp ${CMAKE_CURRENT_LIST_DIR}/host_namespace.h
  ${CMAKE_CURRENT_LIST_DIR}/witty_http_poller.cpp ${CMAKE_CURRENT_LIST_DIR}/witty_http_poller.h
)
target_link_libraries(numasight_core PUBLIC Qt6::Network)
