//===- DataClauseMatcher.cpp - The data clause against declarations -------===//
//
// Each array of the data clause must be declared with the element type and
// extents the clause gives (a parameter `T A[N][M]` decays to `T (*)[M]`);
// the extents set the grid, and the calc range must lie inside it.
//
//===----------------------------------------------------------------------===//
#include "frontend/RegionBuilder.h"
#include "frontend/RunTimeExpressions.h"

namespace tilec {

using namespace ir;
using clang::dyn_cast;

bool RegionBuilder::buildFields() {
  ReferenceCollector Refs;
  Refs.TraverseStmt(const_cast<clang::Stmt *>(B.TimeLoop.Loop));
  const Directive &Data = B.Data->D;
  bool Ok = true;
  // The arrays share their run-time extents: one report is enough.
  bool ExtentReported = false;
  auto Add = [&](ArraySpec Spec, FieldRole Role) {
    if (ExtentReported)
      return;
    auto It = Refs.Variables.find(Spec.Name);
    if (It == Refs.Variables.end()) {
      Diags.report(B.Data->tokenLoc(Spec.NameToken), Diag::ArrayUnused)
          << Spec.Name;
      return;
    }
    if (!Spec.TypeName.empty() && !resolveTypeName(Spec, It->second)) {
      Ok = false;
      return;
    }
    bool Flat = false;
    if (!matchesDeclaration(Spec, It->second) &&
        !(Flat = isFlatDeclaration(Spec, It->second))) {
      Diags.report(B.Data->tokenLoc(Spec.NameToken), Diag::ArrayTypeMismatch)
          << Spec.Name << specTypeText(Spec)
          << It->second->getType().getAsString();
      Diags.report(It->second->getLocation(), Diag::ArrayDeclaredHere)
          << Spec.Name;
      Ok = false;
      return;
    }
    if (Spec.Extents.size() < R.dims()) {
      Diags.report(B.Data->tokenLoc(Spec.NameToken), Diag::ArrayTooFewExtents)
          << Spec.Name << static_cast<unsigned>(Spec.Extents.size())
          << R.dims();
      Ok = false;
      return;
    }
    size_t Components = Spec.Extents.size() - R.dims();
    if (Spec.hasRunTimeExtent() && !checkRunTimeExtents(Spec, Components)) {
      Ok = false;
      ExtentReported = true;
      return;
    }
    Field F;
    F.Name = Spec.Name;
    F.Type = Spec.Type;
    F.Role = Role;
    F.HostIsArray = It->second->getType()->isConstantArrayType();
    F.Flat = Flat;
    F.ComponentExtents.assign(Spec.Extents.begin(),
                              Spec.Extents.begin() + Components);
    for (unsigned A = 0; A < R.dims(); ++A) {
      int64_t Extent = Spec.Extents[Components + A];
      std::string Text = Spec.extentText(Components + A);
      bool Given = false;
      if (!Text.empty())
        Extent = Sizes.extent(Text, R.dims(), &Given);
      Axis &X = R.Axes[A];
      if (R.Fields.empty()) {
        X.Extent = Extent;
        X.ExtentText = Text;
        X.ExtentGiven = Given;
      } else if (normalizedExpression(X.ExtentText) !=
                     normalizedExpression(Text) ||
                 (Text.empty() && X.Extent != Extent)) {
        Diags.report(B.Data->tokenLoc(Spec.NameToken),
                     Diag::SpatialExtentMismatch)
            << Spec.Name << (Text.empty() ? std::to_string(Extent) : Text)
            << R.axisName(A) << R.Fields.front().Name
            << (X.runTimeExtent() ? X.ExtentText : std::to_string(X.Extent));
        Ok = false;
        return;
      }
    }
    FieldByName[F.Name] = R.Fields.size();
    FieldDecls[F.Name] = It->second;
    R.Fields.push_back(std::move(F));
  };
  for (const ArraySpec &S : Data.Sources)
    Add(S, Data.RoleFree && writtenInCalc(S.Name) ? FieldRole::Destination
                                                  : FieldRole::Source);
  for (const ArraySpec &S : Data.Destinations)
    Add(S, FieldRole::Destination);
  if (!Ok)
    return false;
  return checkCalcRangeInsideExtents();
}

bool RegionBuilder::checkCalcRangeInsideExtents() {
  for (unsigned A = 0; A < R.dims(); ++A) {
    const Axis &X = R.Axes[A];
    // Against an extent known only at run time, the call site checks.
    bool Above = !X.runTimeExtent() && X.Upper > X.Extent;
    if (X.Extent && (X.Lower < 0 || Above)) {
      // A boundary stage has no loop over a fixed axis: its plane is the
      // constant subscript.
      if (FixedAt[A]) {
        Diags.report(FixedWhere[A], Diag::BoundaryPlaneOutsideExtent)
            << X.LoopVariable << std::to_string(*FixedAt[A])
            << std::to_string(X.Extent) << R.axisName(A);
        return false;
      }
      const clang::ForStmt *Loop = CalcLoop;
      for (const CanonicalLoop &L : CalcLoops)
        if (L.Variable->getName() == X.LoopVariable)
          Loop = L.Loop;
      Diags.report(Loop->getForLoc(), Diag::LoopRangeOutsideExtent)
          << "calc" << X.LoopVariable << std::to_string(X.Lower)
          << std::to_string(X.Upper) << std::to_string(X.Extent)
          << R.axisName(A);
      return false;
    }
  }
  return true;
}

/// The element type of an array or pointer declaration: `T` of `T A[N][M]`
/// or of the parameter `T (*A)[M]`.
static clang::QualType declaredElementType(const clang::ASTContext &Context,
                                           clang::QualType Type) {
  if (const auto *P = Type->getAs<clang::PointerType>())
    Type = P->getPointeeType();
  while (const auto *A = Context.getAsArrayType(Type))
    Type = A->getElementType();
  return Type;
}

bool RegionBuilder::resolveTypeName(ArraySpec &Spec, const clang::VarDecl *V) {
  clang::QualType Element = declaredElementType(Context, V->getType());
  // The declaration must spell its element type with the clause's name,
  // through any chain of typedefs.
  bool Named = false;
  for (clang::QualType T = Element; !Named;) {
    const auto *Typedef = T->getAs<clang::TypedefType>();
    if (!Typedef)
      break;
    Named = Typedef->getDecl()->getName() == Spec.TypeName;
    T = Typedef->desugar();
  }
  std::optional<ElementType> Type = elementTypeOf(Element);
  if (!Named || !Type) {
    Diags.report(B.Data->tokenLoc(Spec.TypeToken), Diag::DataTypeName)
        << Spec.TypeName << Spec.Name << Element.getAsString();
    Diags.report(V->getLocation(), Diag::ArrayDeclaredHere) << Spec.Name;
    return false;
  }
  Spec.Type = *Type;
  return true;
}

bool RegionBuilder::matchesDeclaration(const ArraySpec &Spec,
                                       const clang::VarDecl *V) {
  // Each extent as text: a constant's value, a VLA's size expression.
  clang::QualType Type = V->getType();
  std::vector<std::string> Extents;
  bool Pointer = false;
  if (const auto *P = Type->getAs<clang::PointerType>()) {
    Pointer = true; // A parameter `T A[N][M]` decays to `T (*)[M]`.
    Type = P->getPointeeType();
  }
  while (const clang::ArrayType *A = Context.getAsArrayType(Type)) {
    if (const auto *C = llvm::dyn_cast<clang::ConstantArrayType>(A))
      Extents.push_back(std::to_string(C->getSize().getSExtValue()));
    else if (const auto *VL = llvm::dyn_cast<clang::VariableArrayType>(A))
      Extents.push_back(
          normalizedExpression(printedExpression(VL->getSizeExpr(), Context)));
    else
      return false;
    Type = A->getElementType();
  }
  std::vector<std::string> Expected;
  for (size_t I = Pointer ? 1 : 0; I < Spec.Extents.size(); ++I)
    Expected.push_back(Spec.extentText(I).empty()
                           ? std::to_string(Spec.Extents[I])
                           : normalizedExpression(Spec.extentText(I)));
  return Extents == Expected && elementTypeOf(Type) == Spec.Type;
}

bool RegionBuilder::isFlatDeclaration(const ArraySpec &Spec,
                                      const clang::VarDecl *V) {
  if (Spec.Extents.size() < 2)
    return false;
  clang::QualType Type = V->getType();
  if (const auto *P = Type->getAs<clang::PointerType>())
    return elementTypeOf(P->getPointeeType()) == Spec.Type;
  const auto *A = Context.getAsConstantArrayType(Type);
  if (!A || Context.getAsArrayType(A->getElementType()) ||
      Spec.hasRunTimeExtent())
    return false;
  int64_t Total = 1;
  for (int64_t E : Spec.Extents)
    Total *= E;
  return A->getSize().getSExtValue() == Total &&
         elementTypeOf(A->getElementType()) == Spec.Type;
}

std::string RegionBuilder::specTypeText(const ArraySpec &Spec) {
  std::string Text = elementTypeName(Spec.Type);
  for (size_t I = 0; I < Spec.Extents.size(); ++I)
    Text += "[" +
            (Spec.extentText(I).empty() ? std::to_string(Spec.Extents[I])
                                        : Spec.extentText(I)) +
            "]";
  return Text;
}

} // namespace tilec
