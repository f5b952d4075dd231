func.func @scalar(%a: index) -> index {
  func.return %a : index
}
