; ModuleID = 'walk.c'
source_filename = "walk.c"
target datalayout = "e-P1-p:16:8-i8:8-i16:8-i32:8-i64:8-f32:8-f64:8-n8-a:8"
target triple = "avr"

@data = internal unnamed_addr constant [8 x i16] [i16 5, i16 8, i16 13, i16 2, i16 7, i16 40, i16 1, i16 6], align 1
@sink = dso_local global i16 0, align 1

; Function Attrs: nofree noinline norecurse nounwind memory(readwrite, argmem: none)
define dso_local i16 @walk(i16 noundef %n) local_unnamed_addr addrspace(1) #0 {
entry:
  %cmp11 = icmp sgt i16 %n, 0
  br i1 %cmp11, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %if.end, %entry
  %s.0.lcssa = phi i16 [ 0, %entry ], [ %cond, %if.end ]
  ret i16 %s.0.lcssa

for.body:                                         ; preds = %entry, %if.end
  %s.013 = phi i16 [ %cond, %if.end ], [ 0, %entry ]
  %i.012 = phi i16 [ %inc, %if.end ], [ 0, %entry ]
  %and = and i16 %i.012, 7
  %arrayidx = getelementptr inbounds [8 x i16], ptr @data, i16 0, i16 %and
  %0 = load i16, ptr %arrayidx, align 1, !tbaa !3
  %1 = lshr i16 170, %and
  %2 = and i16 %1, 1
  %tobool.not.not = icmp eq i16 %2, 0
  br i1 %tobool.not.not, label %if.then, label %if.else

if.then:                                          ; preds = %for.body
  %add = add nsw i16 %0, %s.013
  br label %if.end

if.else:                                          ; preds = %for.body
  store volatile i16 %0, ptr @sink, align 1, !tbaa !3
  br label %if.end

if.end:                                           ; preds = %if.else, %if.then
  %s.1 = phi i16 [ %add, %if.then ], [ %s.013, %if.else ]
  %cmp2 = icmp sgt i16 %s.1, 30
  %sub = add nsw i16 %s.1, -30
  %cond = select i1 %cmp2, i16 %sub, i16 %s.1
  %inc = add nuw nsw i16 %i.012, 1
  %cmp = icmp slt i16 %inc, %n
  br i1 %cmp, label %for.body, label %for.cond.cleanup, !llvm.loop !7
}

; Function Attrs: nofree noinline norecurse nounwind memory(readwrite, argmem: none)
define dso_local void @pick(i16 noundef %x) local_unnamed_addr addrspace(1) #0 {
entry:
  switch i16 %x, label %sw.default [
    i16 0, label %sw.epilog
    i16 1, label %sw.bb1
    i16 2, label %sw.bb2
    i16 3, label %sw.bb3
    i16 4, label %sw.bb4
    i16 5, label %sw.bb5
  ]

sw.bb1:                                           ; preds = %entry
  %0 = load volatile i16, ptr @sink, align 1, !tbaa !3
  %add = add nsw i16 %0, 9
  br label %sw.epilog

sw.bb2:                                           ; preds = %entry
  %1 = load volatile i16, ptr @sink, align 1, !tbaa !3
  %xor = xor i16 %1, 27
  br label %sw.epilog

sw.bb3:                                           ; preds = %entry
  %2 = load volatile i16, ptr @sink, align 1, !tbaa !3
  %sub = add nsw i16 %2, -81
  br label %sw.epilog

sw.bb4:                                           ; preds = %entry
  %3 = load volatile i16, ptr @sink, align 1, !tbaa !3
  %mul = mul nsw i16 %3, 3
  br label %sw.epilog

sw.bb5:                                           ; preds = %entry
  %4 = load volatile i16, ptr @sink, align 1, !tbaa !3
  %or = or i16 %4, 729
  br label %sw.epilog

sw.default:                                       ; preds = %entry
  br label %sw.epilog

sw.epilog:                                        ; preds = %entry, %sw.default, %sw.bb5, %sw.bb4, %sw.bb3, %sw.bb2, %sw.bb1
  %.sink = phi i16 [ 0, %sw.default ], [ %or, %sw.bb5 ], [ %mul, %sw.bb4 ], [ %sub, %sw.bb3 ], [ %xor, %sw.bb2 ], [ %add, %sw.bb1 ], [ 3, %entry ]
  store volatile i16 %.sink, ptr @sink, align 1, !tbaa !3
  ret void
}

; Function Attrs: nofree norecurse nounwind
define dso_local i16 @main() local_unnamed_addr addrspace(1) #1 {
entry:
  br label %for.body

for.cond.cleanup:                                 ; preds = %for.body
  %call = tail call addrspace(1) i16 @walk(i16 noundef 20)
  ret i16 %call

for.body:                                         ; preds = %entry, %for.body
  %k.03 = phi i16 [ 0, %entry ], [ %inc, %for.body ]
  %rem = urem i16 %k.03, 7
  tail call addrspace(1) void @pick(i16 noundef %rem)
  %inc = add nuw nsw i16 %k.03, 1
  %cmp = icmp ult i16 %k.03, 8
  br i1 %cmp, label %for.body, label %for.cond.cleanup, !llvm.loop !10
}

attributes #0 = { nofree noinline norecurse nounwind memory(readwrite, argmem: none) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="atmega2560" }
attributes #1 = { nofree norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="atmega2560" }

!llvm.module.flags = !{!0, !1}
!llvm.ident = !{!2}

!0 = !{i32 1, !"wchar_size", i32 2}
!1 = !{i32 7, !"frame-pointer", i32 2}
!2 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!3 = !{!4, !4, i64 0}
!4 = !{!"int", !5, i64 0}
!5 = !{!"omnipotent char", !6, i64 0}
!6 = !{!"Simple C/C++ TBAA"}
!7 = distinct !{!7, !8, !9}
!8 = !{!"llvm.loop.mustprogress"}
!9 = !{!"llvm.loop.unroll.disable"}
!10 = distinct !{!10, !8, !9}
