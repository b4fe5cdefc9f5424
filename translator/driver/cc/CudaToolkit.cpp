//===- CudaToolkit.cpp - Where the CUDA runtime library is ----------------===//
#include "driver/cc/CudaToolkit.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace tilec::cc {

std::vector<std::string> CudaRuntimeLibrary::linkFlags() const {
  std::vector<std::string> Flags = {"-L" + Dir};
  if (Static)
    Flags.push_back("-lcudart_static");
  else
    Flags.insert(Flags.end(), {"-lcudart", "-Wl,-rpath," + Dir});
  Flags.insert(Flags.end(), {"-ldl", "-lrt", "-lpthread", "-lstdc++", "-lm"});
  return Flags;
}

/// The library directories nvcc itself links from, read off the `#$
/// LIBRARIES=` line of `nvcc -dryrun`. This is the one answer that holds
/// when nvcc is a wrapper script (`exec /opt/cuda/bin/nvcc "$@"`) rather
/// than the toolkit's binary or a symlink to it.
static std::vector<std::string> nvccLibraryDirs(const ToolCommand &NVCC) {
  Expected<std::string> Text = captureOutput(
      NVCC.with({"-dryrun", "-x", "cu", "/dev/null", "-o", "/dev/null"}),
      /*WithStderr=*/true);
  if (!Text) {
    consumeError(Text.takeError());
    return {};
  }
  std::vector<std::string> Dirs;
  SmallVector<StringRef> Lines;
  StringRef(*Text).split(Lines, '\n');
  for (StringRef Line : Lines) {
    if (!Line.consume_front("#$ LIBRARIES="))
      continue;
    SmallVector<StringRef> Words;
    Line.split(Words, ' ', -1, /*KeepEmpty=*/false);
    for (StringRef Word : Words) {
      Word = Word.trim('"');
      if (Word.consume_front("-L") && !Word.ends_with("/stubs"))
        Dirs.push_back(Word.str());
    }
  }
  return Dirs;
}

/// The nvcc binary in \p NVCC ("ccache nvcc" runs the second word).
static std::string nvccBinary(const ToolCommand &NVCC) {
  for (const std::string &W : NVCC.Words)
    if (sys::path::filename(W) == "nvcc")
      return W;
  return NVCC.Words[0];
}

std::optional<CudaRuntimeLibrary> findCudaRuntime(const ToolCommand &NVCC) {
  // nvcc's own library directories come first; then the layouts toolkits
  // use next to nvcc or the file it links to (lib64, lib,
  // targets/<triple>/lib).
  std::vector<std::string> Candidates = nvccLibraryDirs(NVCC);
  std::string Binary = nvccBinary(NVCC);
  SmallString<256> Real;
  if (sys::fs::real_path(Binary, Real))
    Real = Binary;
  for (StringRef B : {StringRef(Binary), Real.str()}) {
    std::string Root = sys::path::parent_path(sys::path::parent_path(B)).str();
    Candidates.insert(Candidates.end(), {Root + "/lib64", Root + "/lib"});
    std::error_code EC;
    for (sys::fs::directory_iterator It(Root + "/targets", EC), End;
         !EC && It != End; It.increment(EC))
      Candidates.push_back(It->path() + "/lib");
  }
  for (bool Static : {true, false})
    for (const std::string &Dir : Candidates)
      if (sys::fs::exists(Dir +
                          (Static ? "/libcudart_static.a" : "/libcudart.so")))
        return CudaRuntimeLibrary{Dir, Static};
  return std::nullopt;
}

} // namespace tilec::cc
