# tilec_add_executable(): translate an annotated C file with tilec at build
# time and build the result into an executable.
#
#   tilec_add_executable(<name> <source.c>
#     TARGET opencl|cuda
#     [DEVICE <shipped profile name>|<profile.json>]
#     [PARAMS naive|W,H,D,T|fw:t,TM,TN,l]
#     [FP_MODEL strict|fast]
#     [DEFINES NAME[=VALUE] ...]
#     [INCLUDE_DIRECTORIES dir ...]
#     [SOURCES plain.c ...]
#     [DEPENDS file ...])
#
# The translation runs again whenever <source.c>, the profile's JSON file,
# the tilec executable or a file named in DEPENDS (headers the source
# includes) changes. DEFINES and INCLUDE_DIRECTORIES go both to tilec (after
# `--`) and to the compiler: the translated file checks with a static
# assertion that it is compiled with the sizes it was translated for, so
# give the sizes here rather than with target_compile_definitions().
# SOURCES are plain C (or CUDA) files compiled into the same program.
#
# TARGET opencl: the rewritten .c (kernels embedded in it) linked with
# tilec::rt_opencl and the OpenCL ICD loader. TARGET cuda: tilec writes three
# files, and the program is built from two of them: the rewritten
# <stem>.c, compiled as C with DEFINES and INCLUDE_DIRECTORIES like the
# OpenCL one, and <stem>_tilec.cu (kernels and the extern "C" host functions
# that the .c calls), compiled by the CUDA language; both include
# <stem>_tilec.h. They are linked with tilec::rt_cuda and the CUDA runtime;
# call enable_language(CUDA) (or name CUDA in project()) first.
# CUDA_ARCHITECTURES comes from the profile's "cuda_arch", and FP_MODEL
# strict (the default) compiles the .cu with -fmad=false, as tilec-cc does.
# The translated files are in ${CMAKE_CURRENT_BINARY_DIR}/tilec/<name>/; the
# target's TILEC_TRANSLATED_SOURCE property names the rewritten .c (for both
# targets) and TILEC_TRANSLATED_DEVICE_SOURCE the device code: the
# <stem>_tilec.cu for cuda, the <stem>.cl for opencl (written for reading;
# the .c embeds it).
if(COMMAND tilec_add_executable)
  return()
endif()

function(tilec_add_executable name source)
  cmake_parse_arguments(PARSE_ARGV 2 arg "" "TARGET;DEVICE;PARAMS;FP_MODEL"
                        "DEFINES;INCLUDE_DIRECTORIES;SOURCES;DEPENDS")
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "tilec_add_executable(${name}): unknown arguments "
                        "'${arg_UNPARSED_ARGUMENTS}'")
  endif()
  if(NOT arg_TARGET MATCHES "^(opencl|cuda)$")
    message(FATAL_ERROR "tilec_add_executable(${name}): TARGET must be "
                        "opencl or cuda, not '${arg_TARGET}'")
  endif()
  get_property(languages GLOBAL PROPERTY ENABLED_LANGUAGES)
  if(NOT "C" IN_LIST languages)
    message(FATAL_ERROR "tilec_add_executable(${name}): the translated "
                        "program is C: name C in project() or call "
                        "enable_language(C) first")
  endif()
  if(NOT TARGET tilec::tilec)
    message(FATAL_ERROR "tilec_add_executable(${name}): no tilec::tilec "
                        "target; call find_package(tilec) first")
  endif()
  if(NOT arg_FP_MODEL)
    set(arg_FP_MODEL strict)
  elseif(NOT arg_FP_MODEL MATCHES "^(strict|fast)$")
    message(FATAL_ERROR "tilec_add_executable(${name}): FP_MODEL must be "
                        "strict or fast, not '${arg_FP_MODEL}'")
  endif()

  # The device profile: a file, or a name among the shipped profiles.
  if(NOT arg_DEVICE)
    if(arg_TARGET STREQUAL "cuda")
      set(arg_DEVICE h100-sxm)
    else()
      set(arg_DEVICE pocl)
    endif()
  endif()
  if(arg_DEVICE MATCHES "\\.json$")
    get_filename_component(profile "${arg_DEVICE}" ABSOLUTE
                           BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
  else()
    set(profile "${TILEC_PROFILE_DIR}/${arg_DEVICE}.json")
  endif()
  if(NOT EXISTS "${profile}")
    file(GLOB shipped RELATIVE "${TILEC_PROFILE_DIR}" "${TILEC_PROFILE_DIR}/*.json")
    string(REPLACE ".json" "" shipped "${shipped}")
    string(REPLACE ";" ", " shipped "${shipped}")
    message(FATAL_ERROR "tilec_add_executable(${name}): no device profile "
                        "'${profile}' (shipped: ${shipped})")
  endif()

  get_filename_component(source "${source}" ABSOLUTE
                         BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
  get_filename_component(source_dir "${source}" DIRECTORY)
  get_filename_component(stem "${source}" NAME_WLE)
  set(out_dir "${CMAKE_CURRENT_BINARY_DIR}/tilec/${name}")

  set(clang_args)
  foreach(define IN LISTS arg_DEFINES)
    list(APPEND clang_args "-D${define}")
  endforeach()
  set(include_dirs "${source_dir}")
  foreach(dir IN LISTS arg_INCLUDE_DIRECTORIES)
    get_filename_component(dir "${dir}" ABSOLUTE
                           BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    list(APPEND include_dirs "${dir}")
    list(APPEND clang_args "-I${dir}")
  endforeach()

  set(tilec_args --target=${arg_TARGET} --device=${profile}
                 --fp-model=${arg_FP_MODEL})
  if(arg_PARAMS)
    list(APPEND tilec_args --params=${arg_PARAMS})
  endif()
  # The rewritten user file is C for both targets; CUDA adds the kernels and
  # host functions (compiled by nvcc) and the header both include.
  set(translated "${out_dir}/${stem}.c")
  if(arg_TARGET STREQUAL "cuda")
    set(device_source "${out_dir}/${stem}_tilec.cu")
    set(outputs "${translated}" "${device_source}" "${out_dir}/${stem}_tilec.h")
    set(compiled "${translated}" "${device_source}")
    set(byproducts)
  else()
    set(device_source "${out_dir}/${stem}.cl") # for reading; the .c embeds it
    set(outputs "${translated}")
    set(compiled "${translated}")
    set(byproducts "${device_source}")
  endif()

  add_custom_command(
    OUTPUT ${outputs}
    BYPRODUCTS ${byproducts}
    COMMAND tilec::tilec ${tilec_args} -o "${out_dir}" "${source}" --
            ${clang_args}
    DEPENDS "${source}" "${profile}" tilec::tilec ${arg_DEPENDS}
    COMMENT "tilec: translating ${stem}.c for ${arg_TARGET} (${arg_DEVICE})"
    VERBATIM)

  add_executable(${name} ${compiled} ${arg_SOURCES})
  set_target_properties(${name} PROPERTIES
    TILEC_TRANSLATED_SOURCE "${translated}"
    TILEC_TRANSLATED_DEVICE_SOURCE "${device_source}")
  # The rewritten .c keeps the source's quoted #includes. (For cuda these
  # and the DEFINES reach the .cu as well, which needs neither; harmless.)
  target_include_directories(${name} PRIVATE ${include_dirs})
  target_compile_definitions(${name} PRIVATE ${arg_DEFINES})

  if(arg_TARGET STREQUAL "opencl")
    if(NOT TARGET tilec::rt_opencl)
      message(FATAL_ERROR "tilec_add_executable(${name}): no tilec::rt_opencl")
    endif()
    target_link_libraries(${name} PRIVATE tilec::rt_opencl)
  else()
    if(NOT "CUDA" IN_LIST languages)
      message(FATAL_ERROR "tilec_add_executable(${name}): TARGET cuda needs "
                          "the CUDA language: call enable_language(CUDA) "
                          "before tilec_add_executable")
    endif()
    if(NOT TARGET tilec::rt_cuda)
      message(FATAL_ERROR "tilec_add_executable(${name}): this tilec was "
                          "built without a CUDA toolkit, so it has no "
                          "tilec::rt_cuda runtime")
    endif()
    if(NOT TARGET CUDA::cudart)
      message(FATAL_ERROR "tilec_add_executable(${name}): TARGET cuda needs "
                          "the CUDA toolkit (find_package(CUDAToolkit) found "
                          "none)")
    endif()
    # tilec::rt_cuda brings <tilec>/include (tilec/tilec_rt.h for the .c and
    # the header, tilec/tilec_rt_cuda.h for the .cu) and CUDA::cudart. With a
    # CUDA source in it the target links through the CUDA host linker, which
    # adds the C++ runtime that nvcc's host objects need.
    target_link_libraries(${name} PRIVATE tilec::rt_cuda)
    # The profile names the architecture; reconfigure when it changes.
    set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${profile}")
    file(READ "${profile}" profile_json)
    string(JSON cuda_arch ERROR_VARIABLE no_arch GET "${profile_json}" cuda_arch)
    if(NOT no_arch AND cuda_arch MATCHES "^sm_([0-9]+[a-z]?)$")
      set_target_properties(${name} PROPERTIES
        CUDA_ARCHITECTURES "${CMAKE_MATCH_1}")
    endif()
    if(arg_FP_MODEL STREQUAL "strict")
      target_compile_options(${name} PRIVATE
        $<$<COMPILE_LANGUAGE:CUDA>:-fmad=false>)
    endif()
  endif()
  if(UNIX AND NOT APPLE)
    target_link_libraries(${name} PRIVATE m)
  endif()
endfunction()
