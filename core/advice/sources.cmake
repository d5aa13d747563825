# The advisor: findings and placement suggestions from the analysis figures (docs/advice.md).
target_sources(numasight_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/advice.cpp ${CMAKE_CURRENT_LIST_DIR}/advice.h
  ${CMAKE_CURRENT_LIST_DIR}/advice_report.cpp
  ${CMAKE_CURRENT_LIST_DIR}/shell_quote.cpp
)
