//===- ASTHelpers.h - What the front end asks of Clang's AST ----*- C++ -*-===//
//
// Types, literal spellings and reference searches that several steps of
// RegionBuilder share.
//
//===----------------------------------------------------------------------===//
#ifndef TILEC_FRONTEND_ASTHELPERS_H
#define TILEC_FRONTEND_ASTHELPERS_H

#include "ir/StencilIR.h"

#include "clang/AST/Expr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/APInt.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace tilec {

/// Every variable referenced under a statement, by name.
class ReferenceCollector
    : public clang::RecursiveASTVisitor<ReferenceCollector> {
public:
  std::map<std::string, const clang::VarDecl *> Variables;
  const clang::DeclRefExpr *FirstRef = nullptr;
  std::set<const clang::VarDecl *> Filter;
  /// With CollectAll, every reference to a Filter variable, in order.
  bool CollectAll = false;
  std::vector<const clang::DeclRefExpr *> Matches;

  bool VisitDeclRefExpr(clang::DeclRefExpr *Ref) {
    if (const auto *V = clang::dyn_cast<clang::VarDecl>(Ref->getDecl())) {
      Variables.emplace(V->getName().str(), V);
      if (Filter.count(V)) {
        if (!FirstRef)
          FirstRef = Ref;
        if (CollectAll)
          Matches.push_back(Ref);
      }
    }
    return true;
  }
};

/// True if any expression under `S` has type double.
class DoubleFinder : public clang::RecursiveASTVisitor<DoubleFinder> {
public:
  bool Found = false;
  bool VisitExpr(clang::Expr *E) {
    if (E->getType()->isSpecificBuiltinType(clang::BuiltinType::Double))
      Found = true;
    return !Found;
  }
};

/// The IR scalar type of a C type, if it is one the kernels support.
/// The statements of a loop body: a compound's children, or the body
/// itself when it is a single statement.
std::vector<const clang::Stmt *> bodyStatements(const clang::Stmt *Body);

std::optional<ir::ScalarType> scalarTypeOf(clang::QualType Type);
/// The IR element type of an array's C element type.
std::optional<ElementType> elementTypeOf(clang::QualType Type);
/// The shortest decimal spelling that reads back as the same value, with
/// the suffix that keeps the literal's type.
std::string floatLiteralText(const clang::FloatingLiteral *L);
/// An integer literal's value with the suffix that keeps its type.
std::string intLiteralText(llvm::APInt Value, clang::QualType Type);
/// `A[x][y][z]` split up: the reference to `A` (null when the base is not
/// a plain variable) and the subscripts, outermost first.
struct SubscriptedArray {
  const clang::DeclRefExpr *Base = nullptr;
  std::vector<const clang::Expr *> Subscripts;
};
SubscriptedArray splitSubscripts(const clang::ArraySubscriptExpr *E);

/// Whether calc may call `Name` (the C math functions kernels provide).
bool isMathFunction(llvm::StringRef Name);

} // namespace tilec

#endif
