//===- ExprPrinter.cpp - Print update-function expressions as C ----------===//
#include "ir/ExprPrinter.h"
#include "ir/ExprTypes.h"

namespace tilec::ir {

namespace {

std::string subscript(const StencilRegion &Region, unsigned A, int64_t Offset) {
  std::string Out = Region.Axes[A].LoopVariable;
  if (Offset > 0)
    Out += " + " + std::to_string(Offset);
  else if (Offset < 0)
    Out += " - " + std::to_string(-Offset);
  return Out;
}

/// `u[(long)j * tilec_nx + i - tilec_nx]`: the one subscript of a field
/// whose extents are known only at run time, in 64 bits, so that grids of
/// more than 2^31 points index correctly. The point's own index comes
/// first, the same text for every access at the point, then the offset as
/// a multiple of the axis's stride, which does not change inside a kernel:
/// compilers compute the index once and each neighbour with one addition.
/// (With the offsets inside the products, nvcc computed every neighbour's
/// index anew, a much slower kernel; measured:
/// docs/notes/run-time-extents.md, "Offsets after the point's index".)
/// With `Int`, in int: the kernel knows that every index fits one.
std::string linearSubscript(const StencilRegion &Region, unsigned FieldIndex,
                            const std::vector<int64_t> &Components,
                            const std::array<int64_t, MaxAxes> &Offsets,
                            bool Int) {
  const std::string Long = Int ? "" : "(long)";
  const Field &F = Region.Fields[FieldIndex];
  std::vector<std::pair<std::string, std::string>> Terms; // index, extent
  for (size_t C = 0; C < Components.size(); ++C)
    Terms.push_back(
        {std::to_string(Components[C]), std::to_string(F.ComponentExtents[C])});
  for (unsigned A = 0; A < Region.dims(); ++A)
    Terms.push_back({Region.Axes[A].LoopVariable, Region.extentName(A)});
  std::string Index = Long + Terms.front().first;
  for (size_t I = 1; I < Terms.size(); ++I) {
    if (I > 1)
      Index = "(" + Index + ")";
    Index += " * " + Terms[I].second + " + " + Terms[I].first;
  }
  for (unsigned A = 0; A < Region.dims(); ++A) {
    if (!Offsets[A])
      continue;
    std::string Stride;
    for (unsigned B = A + 1; B < Region.dims(); ++B)
      Stride += (Stride.empty() ? "" : " * ") + Region.extentName(B);
    int64_t Size = Offsets[A] < 0 ? -Offsets[A] : Offsets[A];
    std::string Term;
    if (Stride.empty())
      Term = std::to_string(Size);
    else if (A + 2 < Region.dims())
      Term = (Size > 1 ? std::to_string(Size) + " * " : "") + Long + Stride;
    else
      Term = (Size > 1 ? std::to_string(Size) + (Int ? " * " : "L * ") : "") +
             Stride;
    Index += (Offsets[A] < 0 ? " - " : " + ") + Term;
  }
  return "[" + Index + "]";
}

/// `L * R` through Options.FloatMultiply where C computes it in float or
/// double, else "".
std::string floatMultiply(const StencilRegion &Region, const Expr &Left,
                          const Expr &Right, const std::string &L,
                          const std::string &R,
                          const ExprPrintOptions &Options) {
  std::optional<ScalarType> A = exprType(Region, Left, Options.Locals);
  std::optional<ScalarType> B = exprType(Region, Right, Options.Locals);
  if (!A || !B)
    return "";
  ScalarType Type = usualArithmeticConversion(*A, *B);
  return isFloating(Type) ? Options.FloatMultiply(Type, L, R) : "";
}

} // namespace

std::string printAccess(const StencilRegion &Region, unsigned FieldIndex,
                        const std::vector<int64_t> &Components,
                        const std::array<int64_t, MaxAxes> &Offsets,
                        bool IntSubscripts) {
  return Region.Fields[FieldIndex].Name + printSubscripts(Region, FieldIndex,
                                                          Components, Offsets,
                                                          IntSubscripts);
}

std::string printSubscripts(const StencilRegion &Region, unsigned FieldIndex,
                            const std::vector<int64_t> &Components,
                            const std::array<int64_t, MaxAxes> &Offsets,
                            bool IntSubscripts) {
  if (Region.KernelAccess && Region.runTimeStrides() &&
      Components.size() + Region.dims() > 1)
    return linearSubscript(Region, FieldIndex, Components, Offsets,
                           IntSubscripts);
  std::string Out;
  for (int64_t C : Components)
    Out += "[" + std::to_string(C) + "]";
  for (unsigned A = 0; A < Region.dims(); ++A)
    Out += "[" + subscript(Region, A, Offsets[A]) + "]";
  return Out;
}

std::string printExpr(const StencilRegion &Region, const Expr &E,
                      const ExprPrintOptions &Options) {
  auto Operand = [&](unsigned I) {
    return printExpr(Region, *E.Operands[I], Options);
  };
  switch (E.ExprKind) {
  case Expr::IntLiteral:
  case Expr::FloatLiteral:
  case Expr::ScalarRef:
  case Expr::LocalRef:
    return E.Text;
  case Expr::ReductionRef:
    return Options.ReductionName.empty() ? E.Text : Options.ReductionName;
  case Expr::FieldAccess:
    if (Options.FieldAccess) {
      std::string Custom = Options.FieldAccess(E);
      if (!Custom.empty())
        return Custom;
    }
    return printAccess(Region, E.FieldIndex, E.Components, E.Offsets,
                       Options.IntSubscripts);
  case Expr::AxisIndex:
    return Region.Axes[E.AxisNumber].LoopVariable;
  case Expr::Unary:
    return E.Text + Operand(0);
  case Expr::Binary:
    if (E.Text == "*" && Options.FloatMultiply) {
      std::string Rounded =
          floatMultiply(Region, *E.Operands[0], *E.Operands[1], Operand(0),
                        Operand(1), Options);
      if (!Rounded.empty())
        return Rounded;
    }
    return Operand(0) + " " + E.Text + " " + Operand(1);
  case Expr::Conditional:
    return Operand(0) + " ? " + Operand(1) + " : " + Operand(2);
  case Expr::Call: {
    std::string Out = (Options.Callee ? Options.Callee(E.Text) : E.Text) + "(";
    for (unsigned I = 0; I < E.Operands.size(); ++I)
      Out += (I ? ", " : "") + Operand(I);
    return Out + ")";
  }
  case Expr::Cast:
    return "(" + E.Text + ")" + Operand(0);
  case Expr::Paren:
    return "(" + Operand(0) + ")";
  }
  return "?";
}

std::string printStatement(const StencilRegion &Region, const Statement &S,
                           const ExprPrintOptions &Options) {
  std::string Out;
  if (S.DeclaredType)
    Out += std::string(scalarTypeName(*S.DeclaredType)) + " ";
  std::string Target = printExpr(Region, *S.Target, Options);
  Out += Target;
  if (!S.Value)
    return Out + ";";
  std::string Value = printExpr(Region, *S.Value, Options);
  if (S.Operator == "*=" && Options.FloatMultiply) {
    // `x *= y` is `x = x * y` with x evaluated once; the target is an
    // lvalue without side effects, so reading it twice is the same.
    std::string Rounded =
        floatMultiply(Region, *S.Target, *S.Value, Target, Value, Options);
    if (!Rounded.empty())
      return Out + " = " + Rounded + ";";
  }
  return Out + " " + S.Operator + " " + Value + ";";
}

} // namespace tilec::ir
