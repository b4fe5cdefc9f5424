//===- IRBuilder.cpp - Build the stencil IR from a bound region -----------===//
//
// The order of the steps (RegionBuilder::run) and the entry point; each step
// lives in the file named in RegionBuilder.h.
//
//===----------------------------------------------------------------------===//
#include "frontend/RegionBuilder.h"

#include "clang/Lex/Lexer.h"
#include "llvm/Support/Path.h"

namespace tilec {

using namespace ir;
using clang::dyn_cast;

std::optional<StencilRegion> RegionBuilder::run(const std::string &Name) {
  R.Name = Name;
  clang::PresumedLoc P = SM.getPresumedLoc(B.Begin->HashLoc);
  R.SourceFile = llvm::sys::path::filename(P.getFilename()).str();
  R.SourceLine = P.getLine();

  CalcDirective = B.Calc;
  CalcLoop = B.CalcLoop;
  CopyLoop = B.CopyLoop;
  bool Built = buildTimeLoop() &&
               (isMultiStage() ? buildStages()
                               : buildAxes() && buildFields() &&
                                     buildUpdate() && buildCopy()) &&
               buildBody();
  if (Built && !MultiStage && !settleRunTimeBounds())
    return std::nullopt;
  if (!Built)
    return std::nullopt;
  if (Diags.hasErrors())
    return std::nullopt;
  if (!MultiStage)
    assignRoles();
  DoubleFinder Finder;
  for (const BoundNest &Nest : B.Nests)
    if (!Nest.IsCopy)
      Finder.TraverseStmt(const_cast<clang::ForStmt *>(Nest.Loop));
  R.UsesDouble = Finder.Found;
  for (const Field &F : R.Fields)
    R.UsesDouble |= F.Type == ElementType::Double;
  return std::move(R);
}

bool RegionBuilder::isMultiStage() const {
  if (B.multiStage())
    return true;
  // One calc nest that loops over fewer axes than the region has is a
  // boundary stage.
  unsigned Depth = 0;
  const clang::Stmt *S = B.CalcLoop;
  while (const auto *Loop = llvm::dyn_cast_or_null<clang::ForStmt>(S)) {
    ++Depth;
    S = Loop->getBody();
    if (const auto *C = dyn_cast<clang::CompoundStmt>(S))
      S = C->size() == 1 ? C->body_front() : nullptr;
  }
  return Depth < B.Dimension->D.Axes.size() &&
         !llvm::isa_and_nonnull<clang::CompoundStmt>(S);
}

std::string RegionBuilder::sourceText(clang::SourceRange Range) {
  clang::CharSourceRange Chars = SM.getExpansionRange(Range);
  return clang::Lexer::getSourceText(Chars, SM, Context.getLangOpts()).str();
}

std::optional<int64_t> RegionBuilder::constant(const clang::Expr *E) {
  clang::Expr::EvalResult Result;
  if (E->isValueDependent() || !E->EvaluateAsInt(Result, Context))
    return std::nullopt;
  return Result.Val.getInt().getExtValue();
}

std::optional<ir::StencilRegion>
buildStencilIR(const BoundRegion &Bound, const std::string &RegionName,
               clang::ASTContext &Context, DiagnosticReporter &Diags,
               const ir::SizeAssumptions &Sizes) {
  return RegionBuilder(Bound, Context, Diags, Sizes).run(RegionName);
}

} // namespace tilec
