//===- TimeLoopStmt.cpp - The time loop as the user wrote it -------------===//
#include "frontend/TimeLoopStmt.h"

namespace tilec {

TimeLoopStmt TimeLoopStmt::of(const clang::Stmt *S) {
  TimeLoopStmt L;
  if (llvm::isa_and_nonnull<clang::ForStmt>(S))
    L.LoopForm = For;
  else if (llvm::isa_and_nonnull<clang::WhileStmt>(S))
    L.LoopForm = While;
  else if (llvm::isa_and_nonnull<clang::DoStmt>(S))
    L.LoopForm = DoWhile;
  else
    return L;
  L.Loop = S;
  return L;
}

const clang::Stmt *TimeLoopStmt::body() const {
  switch (LoopForm) {
  case For:
    return llvm::cast<clang::ForStmt>(Loop)->getBody();
  case While:
    return llvm::cast<clang::WhileStmt>(Loop)->getBody();
  case DoWhile:
    return llvm::cast<clang::DoStmt>(Loop)->getBody();
  }
  return nullptr;
}

const clang::Expr *TimeLoopStmt::condition() const {
  switch (LoopForm) {
  case For:
    return llvm::cast<clang::ForStmt>(Loop)->getCond();
  case While:
    return llvm::cast<clang::WhileStmt>(Loop)->getCond();
  case DoWhile:
    return llvm::cast<clang::DoStmt>(Loop)->getCond();
  }
  return nullptr;
}

const clang::Stmt *TimeLoopStmt::init() const {
  const clang::ForStmt *F = asFor();
  return F ? F->getInit() : nullptr;
}

const clang::Expr *TimeLoopStmt::increment() const {
  const clang::ForStmt *F = asFor();
  return F ? F->getInc() : nullptr;
}

clang::SourceLocation TimeLoopStmt::keywordLoc() const {
  switch (LoopForm) {
  case For:
    return llvm::cast<clang::ForStmt>(Loop)->getForLoc();
  case While:
    return llvm::cast<clang::WhileStmt>(Loop)->getWhileLoc();
  case DoWhile:
    return llvm::cast<clang::DoStmt>(Loop)->getDoLoc();
  }
  return {};
}

clang::SourceLocation TimeLoopStmt::bodyStartsAfter() const {
  switch (LoopForm) {
  case For:
    return llvm::cast<clang::ForStmt>(Loop)->getRParenLoc();
  case While:
    return llvm::cast<clang::WhileStmt>(Loop)->getRParenLoc();
  case DoWhile:
    return llvm::cast<clang::DoStmt>(Loop)->getDoLoc();
  }
  return {};
}

} // namespace tilec
