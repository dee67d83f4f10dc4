; ModuleID = '../exec/switch.c'
source_filename = "../exec/switch.c"
target datalayout = "e-P1-p:16:8-i8:8-i16:8-i32:8-i64:8-f32:8-f64:8-n8-a:8"
target triple = "avr"

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind willreturn memory(none)
define dso_local range(i16 -1, 21) i16 @classify(i16 noundef %0) local_unnamed_addr addrspace(1) #0 {
  switch i16 %0, label %5 [
    i16 0, label %6
    i16 1, label %2
    i16 5, label %3
    i16 100, label %4
  ]

2:                                                ; preds = %1
  br label %6

3:                                                ; preds = %1
  br label %6

4:                                                ; preds = %1
  br label %6

5:                                                ; preds = %1
  br label %6

6:                                                ; preds = %1, %5, %4, %3, %2
  %7 = phi i16 [ -1, %5 ], [ 20, %4 ], [ 15, %3 ], [ 11, %2 ], [ 10, %1 ]
  ret i16 %7
}

; Function Attrs: nofree norecurse nosync nounwind memory(none)
define dso_local range(i16 0, 2) i16 @main() local_unnamed_addr addrspace(1) #1 {
  br label %4

1:                                                ; preds = %4
  %2 = icmp ne i16 %9, 915
  %3 = zext i1 %2 to i16
  ret i16 %3

4:                                                ; preds = %0, %4
  %5 = phi i16 [ 0, %0 ], [ %10, %4 ]
  %6 = phi i16 [ 0, %0 ], [ %9, %4 ]
  %7 = urem i16 %5, 7
  %8 = tail call addrspace(1) i16 @classify(i16 noundef %7)
  %9 = add nsw i16 %8, %6
  %10 = add nuw nsw i16 %5, 1
  %11 = icmp ult i16 %5, 199
  br i1 %11, label %4, label %1, !llvm.loop !3
}

attributes #0 = { mustprogress nofree noinline norecurse nosync nounwind willreturn memory(none) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="atmega2560" }
attributes #1 = { nofree norecurse nosync nounwind memory(none) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="atmega2560" }

!llvm.module.flags = !{!0, !1}

!0 = !{i32 1, !"wchar_size", i32 2}
!1 = !{i32 7, !"frame-pointer", i32 2}
!3 = distinct !{!3, !4, !5}
!4 = !{!"llvm.loop.mustprogress"}
!5 = !{!"llvm.loop.unroll.disable"}
