# The topology graph: the spec (graph as data), DOT, and Graphviz layout by subprocess or libgvc.
target_sources(numasight_core PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/graph_spec.cpp ${CMAKE_CURRENT_LIST_DIR}/graph_spec.h
  ${CMAKE_CURRENT_LIST_DIR}/graph_builder.cpp
  ${CMAKE_CURRENT_LIST_DIR}/dot_writer.cpp ${CMAKE_CURRENT_LIST_DIR}/dot_writer.h
  ${CMAKE_CURRENT_LIST_DIR}/graph_layout.cpp ${CMAKE_CURRENT_LIST_DIR}/graph_layout.h
  ${CMAKE_CURRENT_LIST_DIR}/layout_json.cpp ${CMAKE_CURRENT_LIST_DIR}/layout_json.h
  ${CMAKE_CURRENT_LIST_DIR}/gvc_layout.cpp ${CMAKE_CURRENT_LIST_DIR}/graphviz_run.h
)
# libgvc for LayoutMethod::InProcess; PRIVATE so that only core sees Graphviz's headers.
target_link_libraries(numasight_core PRIVATE PkgConfig::GVC)
