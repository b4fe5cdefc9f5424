//===- ReservedWords.cpp - Words a target reserves that C does not -------===//
#include "target/ReservedWords.h"

namespace tilec {

const std::set<std::string> &cppReservedWords() {
  static const std::set<std::string> Words = {
      // C++ keywords and alternative tokens that are not C keywords.
      "alignas", "alignof", "and", "and_eq", "bitand", "bitor", "bool", "catch",
      "char8_t", "char16_t", "char32_t", "class", "compl", "concept",
      "consteval", "constexpr", "constinit", "const_cast", "co_await",
      "co_return", "co_yield", "decltype", "delete", "dynamic_cast", "explicit",
      "export", "false", "friend", "mutable", "namespace", "new", "noexcept",
      "not", "not_eq", "nullptr", "operator", "or", "or_eq", "private",
      "protected", "public", "reinterpret_cast", "requires", "static_assert",
      "static_cast", "template", "this", "thread_local", "throw", "true", "try",
      "typeid", "typename", "using", "virtual", "wchar_t", "xor", "xor_eq",
      // CUDA's built-in variables and types, which kernels must see.
      "threadIdx", "blockIdx", "blockDim", "gridDim", "warpSize", "dim3"};
  return Words;
}

const std::set<std::string> &openclReservedWords() {
  static const std::set<std::string> Words = [] {
    std::set<std::string> W = {
        // Qualifiers (OpenCL C 1.2, 6.5-6.8) and their __ spellings.
        "kernel", "global", "local", "constant", "private", "read_only",
        "write_only", "read_write", "__kernel", "__global", "__local",
        "__constant", "__private", "__read_only", "__write_only",
        "__read_write",
        // Types (6.1) and reserved words (6.1.4).
        "bool", "true", "false", "half", "uchar", "ushort", "uint", "ulong",
        "image1d_t", "image1d_array_t", "image1d_buffer_t", "image2d_t",
        "image2d_array_t", "image3d_t", "sampler_t", "event_t", "complex",
        "imaginary", "quad", "cl_mem_fence_flags"};
    // Vector types such as float4 and double16, and their reserved forms.
    for (const char *Base :
         {"char", "uchar", "short", "ushort", "int", "uint", "long", "ulong",
          "float", "double", "half", "bool", "quad"})
      for (int N : {2, 3, 4, 8, 16}) {
        W.insert(Base + std::to_string(N));
        for (int M : {2, 3, 4, 8, 16})
          W.insert(Base + std::to_string(N) + "x" + std::to_string(M));
      }
    return W;
  }();
  return Words;
}

const std::set<std::string> &reservedWords(Target Language) {
  return Language == Target::CUDA ? cppReservedWords() : openclReservedWords();
}

} // namespace tilec
