# The Debian package: `cpack -G DEB` in a build directory (or
# scripts/build-deb.sh) writes tilec_<version>_<arch>.deb, which installs
# under /usr what `cmake --install` installs: tilec, tilec-cc, the runtime
# headers and static libraries, the profiles and the CMake package (in
# /usr/lib/cmake/tilec, where find_package looks without a prefix path).

# Debian wants the licence as /usr/share/doc/<package>/copyright; any other
# prefix gets it at the same place under the prefix.
install(FILES ${PROJECT_SOURCE_DIR}/LICENSE DESTINATION share/doc/tilec
        RENAME copyright)

set(CPACK_PACKAGE_NAME tilec)
set(CPACK_PACKAGE_VENDOR tilec)
set(CPACK_PACKAGE_CONTACT "tilec maintainers")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "source-to-source translator from annotated C stencil loops to OpenCL and CUDA")
set(CPACK_PACKAGE_DESCRIPTION
    "tilec turns C time loops annotated with #pragma stencil (and Floyd-Warshall
loops annotated with #pragma apsp) into OpenCL or CUDA programs that leave
the values the serial program leaves. The package holds tilec, the
one-step driver tilec-cc, the runtime the emitted programs link, the device
profiles and a CMake package (find_package(tilec), tilec_add_executable).")
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)

set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT) # tilec_0.1.0_amd64.deb
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
# dpkg-shlibdeps adds the shared libraries the binaries load, with the
# versions they need (libc6, libstdc++6, libgcc-s1, libclang-cpp19).
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)

# Depends: what the files in the package cannot work without.
# - libclang-cpp19 and libllvm19, named here too: dpkg-shlibdeps looks the
#   libraries up where the run path finds them, in /usr/lib/llvm-19/lib,
#   and there libLLVM.so.19.1 is a symlink of llvm-19-dev, which carries
#   no library information, so libllvm19 can go missing from its list.
# - libclang-common-19-dev: Clang's builtin headers (stddef.h, stdarg.h);
#   tilec parses every input with them, and no library names them.
# - libc6-dev: the C library's headers; tilec parses the user's #includes.
# - a C compiler: tilec-cc and tilec_add_executable compile what tilec
#   writes.
# - the OpenCL ICD loader and headers: tilec_rt_opencl.h includes
#   <CL/cl.h>, libtilec_rt_opencl.a needs -lOpenCL, and the CMake package
#   calls find_dependency(OpenCL), so find_package(tilec) fails without them.
# Recommends: an OpenCL driver, needed to run the programs but not to build
# them, and any vendor's will do (pocl runs them on the CPU).
# Suggests: cmake and make, for the two ways of building a user project
# that the package supports besides tilec-cc.
set(CPACK_DEBIAN_PACKAGE_DEPENDS
    "libclang-cpp${LLVM_VERSION_MAJOR}, libllvm${LLVM_VERSION_MAJOR}, \
libclang-common-${LLVM_VERSION_MAJOR}-dev, libc6-dev | libc-dev, gcc | c-compiler, \
ocl-icd-opencl-dev | opencl-dev, opencl-c-headers | opencl-headers")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "pocl-opencl-icd | opencl-icd")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "cmake, make")
if(TARGET tilec_rt_cuda)
  # CUDA output builds with any toolkit (tilec-cc also looks in
  # /usr/local/cuda); Debian's is in non-free.
  string(APPEND CPACK_DEBIAN_PACKAGE_SUGGESTS ", nvidia-cuda-toolkit")
endif()

include(CPack)
