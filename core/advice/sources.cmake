# The advisor: findings and placement suggestions from the analysis figures (docs/advice.md).
target_sources(numasight_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/advice.cpp ${CMAKE_CURRENT_LIST_DIR}/advice.h
  ${CMAKE_CURRENT_LIST_DIR}/advice_report.cpp
  ${CMAKE_CURRENT_LIST_DIR}/advice_support.cpp ${CMAKE_CURRENT_LIST_DIR}/advice_support.h
  ${CMAKE_CURRENT_LIST_DIR}/shell_quote.cpp
  ${CMAKE_CURRENT_LIST_DIR}/capture_diff.cpp ${CMAKE_CURRENT_LIST_DIR}/capture_diff.h
  ${CMAKE_CURRENT_LIST_DIR}/live_apply.cpp ${CMAKE_CURRENT_LIST_DIR}/live_apply.h
)
