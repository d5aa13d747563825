# Recording: the recorder and its link to this machine's collectors. The capture appender and the row writer
# it shares with writeCaptureFile live in core/capture but are listed here, beside the code that needs them,
# so that core/CMakeLists.txt (shared) stays untouched.
target_sources(numasight_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/recorder.cpp ${CMAKE_CURRENT_LIST_DIR}/recorder.h
  ${CMAKE_CURRENT_LIST_DIR}/local_environment.cpp
  ${CMAKE_CURRENT_LIST_DIR}/../capture/capture_rows.cpp ${CMAKE_CURRENT_LIST_DIR}/../capture/capture_rows.h
  ${CMAKE_CURRENT_LIST_DIR}/../capture/capture_appender.cpp ${CMAKE_CURRENT_LIST_DIR}/../capture/capture_appender.h
)
