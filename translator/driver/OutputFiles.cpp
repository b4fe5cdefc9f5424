//===- OutputFiles.cpp - Where tilec writes, and what it never overwrites -===//
#include "driver/OutputFiles.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace tilec {

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

bool resolveOutputLocation(const std::string &Path, OutputLocation &Where,
                           std::string &Error) {
  llvm::StringRef Extension = path::extension(Path);
  // A name the user means as a file, but not tilec's host program.
  bool OtherFile = llvm::is_contained(
      {".cu", ".cl", ".h", ".o", ".cpp", ".cc", ".cxx", ".hpp", ".i"},
      Extension);
  if (fs::is_directory(Path) || (Extension != ".c" && !OtherFile) ||
      path::is_separator(Path.back())) {
    if (fs::exists(Path) && !fs::is_directory(Path)) {
      Error = "'-o " + Path +
              "' names a file that is not a directory; give a directory, or "
              "the host program's name ending in .c";
      return false;
    }
    Where.Directory = Path;
    Where.Stem.clear();
    return true;
  }
  if (Extension != ".c") {
    Error = "'-o " + Path +
            "': -o names the host program (a .c file, e.g. -o " +
            path::stem(Path).str() +
            ".c) or a directory; the other files are named after it";
    return false;
  }
  llvm::StringRef Parent = path::parent_path(Path);
  Where.Directory = Parent.empty() ? "." : Parent.str();
  Where.Stem = path::stem(Path).str();
  return true;
}

namespace {

/// Whether the file at `Path` starts with tilec's mark.
bool writtenByTilec(const std::string &Path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Text =
      llvm::MemoryBuffer::getFileSlice(Path, 256, 0);
  if (!Text)
    return false;
  llvm::StringRef First = (*Text)->getBuffer().split('\n').first;
  return First.contains(GeneratedFileMark);
}

/// Why `Final` may not be written, or "".
std::string refusal(const std::string &Final,
                    const std::vector<std::string> &Inputs, bool Force) {
  if (!fs::exists(Final))
    return "";
  for (const std::string &Input : Inputs) {
    bool Same = false;
    if (!fs::equivalent(Final, Input, Same) && Same)
      return "refusing to write '" + Final + "': it is the input '" + Input +
             "'; write the output elsewhere (-o DIR, or -o NAME.c)";
  }
  if (fs::is_directory(Final))
    return "cannot write '" + Final + "': it is a directory";
  if (!Force && !writtenByTilec(Final))
    return "refusing to overwrite '" + Final +
           "', which tilec did not write; remove it, write elsewhere, or "
           "pass --force";
  return "";
}

} // namespace

bool writeOutputs(const std::vector<OutputFile> &Files,
                  const std::string &Directory,
                  const std::vector<std::string> &Inputs, bool Force,
                  std::string &Error) {
  std::vector<std::string> Finals;
  for (const OutputFile &F : Files) {
    llvm::SmallString<256> Final(Directory);
    path::append(Final, F.Name);
    Finals.push_back(Final.str().str());
    Error = refusal(Finals.back(), Inputs, Force);
    if (!Error.empty())
      return false;
  }
  if (std::error_code EC = fs::create_directories(Directory)) {
    Error =
        "cannot create output directory '" + Directory + "': " + EC.message();
    return false;
  }
  std::vector<std::pair<std::string, std::string>> Renames;
  auto RemoveTemporaries = [&] {
    for (auto &[Temporary, Final] : Renames)
      fs::remove(Temporary);
  };
  for (size_t I = 0; I < Files.size(); ++I) {
    const std::string &Final = Finals[I];
    // A fresh name beside the output: no file of the user's is touched
    // until the renames, and a rename within one directory is atomic.
    int FD = -1;
    llvm::SmallString<256> Unique;
    std::error_code EC =
        fs::createUniqueFile(Final + ".tilec-%%%%%%", FD, Unique);
    std::string Temporary = Unique.str().str();
    if (!EC) {
      llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
      OS << Files[I].Contents;
      OS.close();
      EC = OS.error();
      Renames.push_back({Temporary, Final});
    }
    if (EC) {
      Error = "cannot write '" + Final + "': " + EC.message();
      RemoveTemporaries();
      return false;
    }
  }
  for (auto &[Temporary, Final] : Renames)
    if (std::error_code EC = fs::rename(Temporary, Final)) {
      Error = "cannot write '" + Final + "': " + EC.message();
      RemoveTemporaries();
      return false;
    }
  return true;
}

} // namespace tilec
