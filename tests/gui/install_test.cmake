# gui.installed_runs_anywhere: `cmake --install` into a fresh prefix, then the installed collision-lab renders a
# curated scene from another working directory (the shaders and scenes are built into it), and the executable
# holds no path into the source tree.
# cmake -DBUILD_DIR=<build> -DSOURCE_DIR=<source> -DWORK=<scratch directory> -P install_test.cmake
# (run under xvfb-run by CTest)
cmake_minimum_required(VERSION 3.25)

file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}/elsewhere")
set(prefix "${WORK}/prefix")
execute_process(COMMAND "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${prefix}"
                RESULT_VARIABLE status OUTPUT_VARIABLE output ERROR_VARIABLE output)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "cmake --install failed (${status}):\n${output}")
endif()
set(exe "${prefix}/bin/collision-lab")
foreach(installed "${exe}" "${prefix}/share/collision-lab/scenes/03_deep_overlap.json")
  if(NOT EXISTS "${installed}")
    message(FATAL_ERROR "not installed: ${installed}")
  endif()
endforeach()

file(STRINGS "${exe}" sourcePaths REGEX "${SOURCE_DIR}")
if(sourcePaths)
  list(GET sourcePaths 0 first)
  message(FATAL_ERROR "the installed executable names a path in the source tree: ${first}")
endif()

# A curated scene by its built-in name, and the installed copy by its path, from a directory with neither.
foreach(scene "scenes/03_deep_overlap.json" "${prefix}/share/collision-lab/scenes/05_circle_vs_wide_sector.json")
  get_filename_component(name "${scene}" NAME_WE)
  execute_process(COMMAND "${exe}" screenshot --scene "${scene}" --size 800x500 -o "${name}.png"
                  WORKING_DIRECTORY "${WORK}/elsewhere"
                  RESULT_VARIABLE status OUTPUT_VARIABLE output ERROR_VARIABLE output)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "the installed collision-lab could not render ${scene} (${status}):\n${output}")
  endif()
  file(SIZE "${WORK}/elsewhere/${name}.png" size)
  # A blank 800x500 PNG compresses to about 2 KB; shapes, grid and panels make it many times larger.
  if(size LESS 20000)
    message(FATAL_ERROR "${name}.png is ${size} bytes: nothing was drawn?")
  endif()
  message(STATUS "${output}")
endforeach()
