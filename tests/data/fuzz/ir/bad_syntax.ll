define i32 @main() {
  ret i32 0
  %x = add i32 1
}
