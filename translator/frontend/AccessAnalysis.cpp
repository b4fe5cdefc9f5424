//===- AccessAnalysis.cpp - Array accesses and their offsets --------------===//
//
// Splits `A[c][i + 1][j]` into its field, constant components and constant
// per-axis offsets, and checks that an access stays inside the extents over
// a range.
//
//===----------------------------------------------------------------------===//
#include "frontend/RegionBuilder.h"

#include "clang/AST/RecursiveASTVisitor.h"

#include <set>

namespace tilec {

using namespace ir;
using clang::dyn_cast;

std::optional<unsigned> RegionBuilder::fieldOf(const clang::VarDecl *V) {
  auto It = FieldByName.find(V->getName().str());
  if (It != FieldByName.end() && FieldDecls[It->first] == V)
    return It->second;
  return std::nullopt;
}

std::optional<int64_t> RegionBuilder::axisOffset(const clang::Expr *E,
                                                 unsigned A) {
  E = E->IgnoreParenImpCasts();
  // A boundary stage holds a fixed axis at one plane: constants only.
  if (FixedAt[A]) {
    if (std::optional<int64_t> C = constant(E))
      return *C - *FixedAt[A];
    return std::nullopt;
  }
  auto IsAxisVar = [&](const clang::Expr *X) {
    const auto *Ref = dyn_cast<clang::DeclRefExpr>(X->IgnoreParenImpCasts());
    if (!Ref)
      return false;
    auto It = AxisOfVariable.find(dyn_cast<clang::VarDecl>(Ref->getDecl()));
    return It != AxisOfVariable.end() && It->second == A;
  };
  if (IsAxisVar(E))
    return 0;
  const auto *Bin = dyn_cast<clang::BinaryOperator>(E);
  if (!Bin)
    return std::nullopt;
  if (Bin->getOpcode() == clang::BO_Add) {
    if (IsAxisVar(Bin->getLHS()))
      return constant(Bin->getRHS());
    if (IsAxisVar(Bin->getRHS()))
      return constant(Bin->getLHS());
  }
  if (Bin->getOpcode() == clang::BO_Sub && IsAxisVar(Bin->getLHS()))
    if (auto C = constant(Bin->getRHS()))
      return -*C;
  return std::nullopt;
}

namespace {
/// The subscripted accesses of region arrays in a nest's body.
class SubscriptCollector
    : public clang::RecursiveASTVisitor<SubscriptCollector> {
public:
  bool VisitArraySubscriptExpr(clang::ArraySubscriptExpr *E) {
    // The outermost subscript of a chain only: `A[j][i]`, not `A[j]`.
    if (!Inner.count(E)) {
      Found.push_back(E);
      for (const clang::Expr *Base = E->getBase()->IgnoreParenImpCasts();
           const auto *Sub = dyn_cast<clang::ArraySubscriptExpr>(Base);
           Base = Sub->getBase()->IgnoreParenImpCasts())
        Inner.insert(Sub);
    }
    return true;
  }
  std::vector<const clang::ArraySubscriptExpr *> Found;
  std::set<const clang::ArraySubscriptExpr *> Inner;
};
} // namespace

std::optional<unsigned>
RegionBuilder::axisBySubscript(const clang::VarDecl *Variable,
                               const clang::Stmt *Body) {
  SubscriptCollector Collect;
  Collect.TraverseStmt(const_cast<clang::Stmt *>(Body));
  for (const clang::ArraySubscriptExpr *E : Collect.Found) {
    auto [Ref, Subscripts] = splitSubscripts(E);
    const auto *V = Ref ? dyn_cast<clang::VarDecl>(Ref->getDecl()) : nullptr;
    std::optional<unsigned> Index = V ? fieldOf(V) : std::nullopt;
    if (!Index || R.Fields[*Index].Flat)
      continue;
    size_t Components = R.Fields[*Index].ComponentExtents.size();
    for (size_t P = Components; P < Subscripts.size(); ++P)
      for (const clang::VarDecl *Read : variablesIn(Subscripts[P]))
        if (Read == Variable)
          return static_cast<unsigned>(P - Components);
  }
  return std::nullopt;
}

std::optional<RegionBuilder::Access>
RegionBuilder::convertAccess(const clang::ArraySubscriptExpr *E,
                             const char *Where) {
  auto [Ref, Subscripts] = splitSubscripts(E);
  const auto *V = Ref ? dyn_cast<clang::VarDecl>(Ref->getDecl()) : nullptr;
  if (!V) {
    Diags.report(E->getBeginLoc(), Diag::UnsupportedExpression);
    return std::nullopt;
  }
  auto FieldIndex = fieldOf(V);
  if (!FieldIndex) {
    Diags.report(Ref->getLocation(), Diag::ArrayNotInData)
        << V->getName() << Where;
    return std::nullopt;
  }
  const Field &F = R.Fields[*FieldIndex];
  if (F.Flat) {
    if (Subscripts.size() != 1) {
      Diags.report(E->getBeginLoc(), Diag::SubscriptCount)
          << F.Name << 1u << static_cast<unsigned>(Subscripts.size());
      return std::nullopt;
    }
    auto Offsets = delinearize(Subscripts.front(), F);
    if (!Offsets)
      return std::nullopt;
    Access Result;
    Result.Field = *FieldIndex;
    Result.Offsets = *Offsets;
    return Result;
  }
  unsigned Expected = F.ComponentExtents.size() + R.dims();
  if (Subscripts.size() != Expected) {
    Diags.report(E->getBeginLoc(), Diag::SubscriptCount)
        << F.Name << Expected << static_cast<unsigned>(Subscripts.size());
    return std::nullopt;
  }
  Access Result;
  Result.Field = *FieldIndex;
  for (size_t C = 0; C < F.ComponentExtents.size(); ++C) {
    auto Value = constant(Subscripts[C]);
    if (!Value) {
      Diags.report(Subscripts[C]->getBeginLoc(), Diag::ComponentNotConstant)
          << F.Name;
      return std::nullopt;
    }
    if (*Value < 0 || *Value >= F.ComponentExtents[C]) {
      Diags.report(Subscripts[C]->getBeginLoc(), Diag::ComponentOutOfRange)
          << std::to_string(*Value) << F.Name
          << std::to_string(F.ComponentExtents[C]);
      return std::nullopt;
    }
    Result.Components.push_back(*Value);
  }
  for (unsigned A = 0; A < R.dims(); ++A) {
    const clang::Expr *Sub = Subscripts[F.ComponentExtents.size() + A];
    auto Offset = axisOffset(Sub, A);
    if (!Offset) {
      Diags.report(Sub->getBeginLoc(), Diag::OffsetNotConstant)
          << static_cast<unsigned>(F.ComponentExtents.size() + A + 1) << F.Name
          << R.Axes[A].LoopVariable;
      return std::nullopt;
    }
    Result.Offsets[A] = *Offset;
  }
  return Result;
}

bool RegionBuilder::checkInside(const Access &Acc,
                                const std::array<int64_t, MaxAxes> &Lower,
                                const std::array<int64_t, MaxAxes> &Upper,
                                clang::SourceLocation Loc) {
  const Field &F = R.Fields[Acc.Field];
  for (unsigned A = 0; A < R.dims(); ++A) {
    if (Upper[A] <= Lower[A])
      continue;
    int64_t First = Lower[A] + Acc.Offsets[A];
    int64_t Last = Upper[A] - 1 + Acc.Offsets[A];
    // A side known only at run time is checked at run time.
    if (!R.Axes[A].LowerScalar.empty())
      First = 0;
    if (!R.Axes[A].UpperScalar.empty() || R.Axes[A].runTimeExtent())
      Last = 0;
    int64_t Bad = First < 0 ? First : Last >= R.Axes[A].Extent ? Last : 0;
    if (First < 0 || Last >= R.Axes[A].Extent) {
      Diags.report(Loc, Diag::AccessOutsideExtent)
          << F.Name << std::to_string(Bad) << R.axisName(A)
          << std::to_string(R.Axes[A].Extent);
      return false;
    }
  }
  return true;
}

} // namespace tilec
