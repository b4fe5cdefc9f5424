//===- InputScan.cpp - Which inputs need tilec ----------------------------===//
#include "driver/cc/InputScan.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/Object/Archive.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Object/SymbolicFile.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace llvm;

namespace tilec::cc {

bool containsRegion(StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> File = MemoryBuffer::getFile(Path);
  if (!File)
    return false; // The C compiler reports the missing file.
  SmallVector<StringRef> Lines;
  (*File)->getBuffer().split(Lines, '\n');
  for (StringRef Line : Lines) {
    Line = Line.ltrim();
    if (!Line.consume_front("#"))
      continue;
    Line = Line.ltrim();
    if (!Line.consume_front("pragma") || Line.empty() || !isSpace(Line.front()))
      continue;
    Line = Line.ltrim();
    for (StringRef Name : {"stencil", "apsp"})
      if (Line.consume_front(Name) &&
          (Line.empty() || !(isAlnum(Line.front()) || Line.front() == '_')))
        return true;
  }
  return false;
}

static void noteSymbol(StringRef Name, RuntimeUse &Use) {
  Use.OpenCL |= Name.starts_with("tilec_cl_");
  Use.CUDA |= Name.starts_with("tilec_cuda_");
}

static RuntimeUse scanBytes(StringRef Bytes) {
  RuntimeUse Use;
  Use.OpenCL = Bytes.contains("tilec_cl_");
  Use.CUDA = Bytes.contains("tilec_cuda_");
  return Use;
}

/// Undefined references in one object (not an archive).
static RuntimeUse scanObject(MemoryBufferRef Buffer, LLVMContext &Context) {
  Expected<std::unique_ptr<object::SymbolicFile>> File =
      object::SymbolicFile::createSymbolicFile(Buffer, file_magic::unknown,
                                               &Context);
  if (!File) {
    consumeError(File.takeError());
    return scanBytes(Buffer.getBuffer());
  }
  RuntimeUse Use;
  auto Note = [&](const object::BasicSymbolRef &Symbol) -> bool {
    Expected<uint32_t> Flags = Symbol.getFlags();
    if (!Flags) {
      consumeError(Flags.takeError());
      return true;
    }
    SmallString<64> Name;
    raw_svector_ostream OS(Name);
    if (Error E = Symbol.printName(OS)) {
      consumeError(std::move(E));
      return true;
    }
    // GCC's slim LTO objects list their real symbols elsewhere.
    if (Name.starts_with("__gnu_lto_"))
      return false;
    if (*Flags & object::SymbolRef::SF_Undefined)
      noteSymbol(Name, Use);
    return true;
  };
  auto *ELF = dyn_cast<object::ELFObjectFileBase>(File->get());
  // A shared library keeps the symbols it imports in its dynamic table.
  if (ELF && ELF->getEType() == ELF::ET_DYN) {
    for (const object::ELFSymbolRef &Symbol : ELF->getDynamicSymbolIterators())
      if (!Note(Symbol))
        return scanBytes(Buffer.getBuffer());
    return Use;
  }
  for (const object::BasicSymbolRef &Symbol : (*File)->symbols())
    if (!Note(Symbol))
      return scanBytes(Buffer.getBuffer());
  return Use;
}

RuntimeUse runtimeUse(StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> File = MemoryBuffer::getFile(Path);
  if (!File)
    return {};
  LLVMContext Context;
  MemoryBufferRef Buffer = (*File)->getMemBufferRef();
  if (identify_magic(Buffer.getBuffer()) != file_magic::archive)
    return scanObject(Buffer, Context);
  Expected<std::unique_ptr<object::Archive>> Archive =
      object::Archive::create(Buffer);
  if (!Archive) {
    consumeError(Archive.takeError());
    return scanBytes(Buffer.getBuffer());
  }
  // Any member counts: the linker may pull in every one of them.
  RuntimeUse Use;
  Error Err = Error::success();
  for (const object::Archive::Child &Child : (*Archive)->children(Err)) {
    Expected<MemoryBufferRef> Member = Child.getMemoryBufferRef();
    if (!Member) {
      consumeError(Member.takeError());
      continue;
    }
    Use |= scanObject(*Member, Context);
  }
  if (Err) {
    consumeError(std::move(Err));
    return scanBytes(Buffer.getBuffer());
  }
  return Use;
}

} // namespace tilec::cc
