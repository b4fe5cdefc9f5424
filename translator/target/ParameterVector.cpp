//===- ParameterVector.cpp - The stencil parameter vector (W,H,D,T) ------===//
#include "target/ParameterVector.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"

namespace tilec {

std::string ParameterVector::str() const {
  return std::to_string(W) + "," + std::to_string(H) + "," + std::to_string(D) +
         "," + std::to_string(T) +
         (P > 1 || C > 0 ? "," + std::to_string(P) : "") +
         (C > 0 ? "," + std::to_string(C) : "");
}

llvm::Expected<ParameterVector> parseParameterVector(llvm::StringRef Text) {
  auto Fail = [&](const llvm::Twine &Why) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "invalid --params='" + Text + "': " + Why);
  };
  llvm::SmallVector<llvm::StringRef, 6> Parts;
  Text.split(Parts, ',');
  if (Parts.size() < 4 || Parts.size() > 6)
    return Fail("expected four numbers W,H,D,T (or five, W,H,D,T,P, or six, "
                "W,H,D,T,P,C)");
  int64_t Values[6] = {1, 1, 1, 1, 1, 0};
  const char *Names[6] = {"W", "H", "D", "T", "P", "C"};
  for (unsigned I = 0; I < Parts.size(); ++I) {
    if (Parts[I].trim().getAsInteger(10, Values[I]) || Values[I] < 1)
      return Fail(llvm::Twine(Names[I]) + " must be a positive integer");
    // T and the rows per chunk may be any count.
    if (I != 3 && I != 5 && !llvm::isPowerOf2_64(Values[I]))
      return Fail(llvm::Twine(Names[I]) + " must be a power of two");
  }
  return ParameterVector{Values[0], Values[1], Values[2],
                         Values[3], Values[4], Values[5]};
}

} // namespace tilec
