# Compiles and links SOURCE together with the CUDA runtime's C source in one
# nvcc command into OUTPUT, the way emitted CUDA programs are built; no GPU is
# needed. Fails, rather than skipping, when no nvcc was found.
if(NOT NVCC OR NOT EXISTS "${NVCC}")
  message(FATAL_ERROR "nvcc not found: install the CUDA toolkit (or point "
    "CUDAToolkit_ROOT at it) and re-run cmake")
endif()
execute_process(
  COMMAND "${NVCC}" -arch=sm_90 -Werror=all-warnings
    -Xcompiler=-Wall,-Wextra,-Werror -I "${RUNTIME_DIR}/include"
    "${SOURCE}" "${RUNTIME_DIR}/src/tilec_rt_cuda.c" -o "${OUTPUT}"
  RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "nvcc failed: ${status}")
endif()
