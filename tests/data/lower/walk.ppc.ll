; ModuleID = 'walk.c'
source_filename = "walk.c"
target datalayout = "E-m:e-p:32:32-Fn32-i64:64-n32"
target triple = "powerpc-unknown-unknown-eabi"

@data = internal unnamed_addr constant [8 x i32] [i32 5, i32 8, i32 13, i32 2, i32 7, i32 40, i32 1, i32 6], align 4
@sink = dso_local global i32 0, align 4

; Function Attrs: nofree noinline norecurse nounwind memory(readwrite, argmem: none)
define dso_local i32 @walk(i32 noundef %n) local_unnamed_addr #0 {
entry:
  %cmp11 = icmp sgt i32 %n, 0
  br i1 %cmp11, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %if.end, %entry
  %s.0.lcssa = phi i32 [ 0, %entry ], [ %cond, %if.end ]
  ret i32 %s.0.lcssa

for.body:                                         ; preds = %entry, %if.end
  %s.013 = phi i32 [ %cond, %if.end ], [ 0, %entry ]
  %i.012 = phi i32 [ %inc, %if.end ], [ 0, %entry ]
  %and = and i32 %i.012, 7
  %arrayidx = getelementptr inbounds [8 x i32], ptr @data, i32 0, i32 %and
  %0 = load i32, ptr %arrayidx, align 4, !tbaa !2
  %1 = lshr i32 170, %and
  %2 = and i32 %1, 1
  %tobool.not.not = icmp eq i32 %2, 0
  br i1 %tobool.not.not, label %if.then, label %if.else

if.then:                                          ; preds = %for.body
  %add = add nsw i32 %0, %s.013
  br label %if.end

if.else:                                          ; preds = %for.body
  store volatile i32 %0, ptr @sink, align 4, !tbaa !2
  br label %if.end

if.end:                                           ; preds = %if.else, %if.then
  %s.1 = phi i32 [ %add, %if.then ], [ %s.013, %if.else ]
  %cmp2 = icmp sgt i32 %s.1, 30
  %sub = add nsw i32 %s.1, -30
  %cond = select i1 %cmp2, i32 %sub, i32 %s.1
  %inc = add nuw nsw i32 %i.012, 1
  %exitcond.not = icmp eq i32 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body, !llvm.loop !6
}

; Function Attrs: nofree noinline norecurse nounwind memory(readwrite, argmem: none)
define dso_local void @pick(i32 noundef %x) local_unnamed_addr #0 {
entry:
  switch i32 %x, label %sw.default [
    i32 0, label %sw.epilog
    i32 1, label %sw.bb1
    i32 2, label %sw.bb2
    i32 3, label %sw.bb3
    i32 4, label %sw.bb4
    i32 5, label %sw.bb5
  ]

sw.bb1:                                           ; preds = %entry
  %0 = load volatile i32, ptr @sink, align 4, !tbaa !2
  %add = add nsw i32 %0, 9
  br label %sw.epilog

sw.bb2:                                           ; preds = %entry
  %1 = load volatile i32, ptr @sink, align 4, !tbaa !2
  %xor = xor i32 %1, 27
  br label %sw.epilog

sw.bb3:                                           ; preds = %entry
  %2 = load volatile i32, ptr @sink, align 4, !tbaa !2
  %sub = add nsw i32 %2, -81
  br label %sw.epilog

sw.bb4:                                           ; preds = %entry
  %3 = load volatile i32, ptr @sink, align 4, !tbaa !2
  %mul = mul nsw i32 %3, 3
  br label %sw.epilog

sw.bb5:                                           ; preds = %entry
  %4 = load volatile i32, ptr @sink, align 4, !tbaa !2
  %or = or i32 %4, 729
  br label %sw.epilog

sw.default:                                       ; preds = %entry
  br label %sw.epilog

sw.epilog:                                        ; preds = %entry, %sw.default, %sw.bb5, %sw.bb4, %sw.bb3, %sw.bb2, %sw.bb1
  %.sink = phi i32 [ 0, %sw.default ], [ %or, %sw.bb5 ], [ %mul, %sw.bb4 ], [ %sub, %sw.bb3 ], [ %xor, %sw.bb2 ], [ %add, %sw.bb1 ], [ 3, %entry ]
  store volatile i32 %.sink, ptr @sink, align 4, !tbaa !2
  ret void
}

; Function Attrs: nofree norecurse nounwind
define dso_local i32 @main() local_unnamed_addr #1 {
entry:
  br label %for.body

for.cond.cleanup:                                 ; preds = %for.body
  %call = tail call i32 @walk(i32 noundef 20)
  ret i32 %call

for.body:                                         ; preds = %entry, %for.body
  %k.03 = phi i32 [ 0, %entry ], [ %inc, %for.body ]
  %rem = urem i32 %k.03, 7
  tail call void @pick(i32 noundef %rem)
  %inc = add nuw nsw i32 %k.03, 1
  %exitcond.not = icmp eq i32 %inc, 9
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body, !llvm.loop !9
}

attributes #0 = { nofree noinline norecurse nounwind memory(readwrite, argmem: none) "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="ppc" "target-features"="-aix-shared-lib-tls-model-opt,-aix-small-local-dynamic-tls,-aix-small-local-exec-tls,-altivec,-bpermd,-crbits,-crypto,-direct-move,-extdiv,-hard-float,-htm,-isa-v206-instructions,-isa-v207-instructions,-isa-v30-instructions,-power8-vector,-power9-vector,-privileged,-quadword-atomics,-rop-protect,-spe,-vsx" "use-soft-float"="true" }
attributes #1 = { nofree norecurse nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="ppc" "target-features"="-aix-shared-lib-tls-model-opt,-aix-small-local-dynamic-tls,-aix-small-local-exec-tls,-altivec,-bpermd,-crbits,-crypto,-direct-move,-extdiv,-hard-float,-htm,-isa-v206-instructions,-isa-v207-instructions,-isa-v30-instructions,-power8-vector,-power9-vector,-privileged,-quadword-atomics,-rop-protect,-spe,-vsx" "use-soft-float"="true" }

!llvm.module.flags = !{!0}
!llvm.ident = !{!1}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!2 = !{!3, !3, i64 0}
!3 = !{!"int", !4, i64 0}
!4 = !{!"omnipotent char", !5, i64 0}
!5 = !{!"Simple C/C++ TBAA"}
!6 = distinct !{!6, !7, !8}
!7 = !{!"llvm.loop.mustprogress"}
!8 = !{!"llvm.loop.unroll.disable"}
!9 = distinct !{!9, !7, !8}
