; ModuleID = 'crc32.c'
source_filename = "crc32.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@crc_polys = dso_local local_unnamed_addr global [2 x i32] [i32 79764919, i32 517762881], align 4
@.str = private unnamed_addr constant [10 x i8] c"123456789\00", align 1
@.str.1 = private unnamed_addr constant [38 x i8] c"bitreverse32 of the CRC-32 polynomial\00", align 1
@.str.2 = private unnamed_addr constant [49 x i8] c"crc32(123456789)=%08lx bzip2=%08lx crc32c=%08lx\0A\00", align 1
@.str.3 = private unnamed_addr constant [27 x i8] c"CRC catalogue check values\00", align 1
@.str.4 = private unnamed_addr constant [7 x i8] c"malloc\00", align 1
@.str.5 = private unnamed_addr constant [37 x i8] c"table-driven and bitwise CRCs differ\00", align 1
@.str.6 = private unnamed_addr constant [8 x i8] c"realloc\00", align 1
@.str.7 = private unnamed_addr constant [56 x i8] c"crc32: %ld bytes crc32=%08lx bzip2=%08lx residue=%08lx\0A\00", align 1
@.str.8 = private unnamed_addr constant [15 x i8] c"CRC-32 residue\00", align 1
@.str.9 = private unnamed_addr constant [10 x i8] c"FAIL: %s\0A\00", align 1
@table_reflected = internal unnamed_addr global [256 x i32] zeroinitializer, align 16
@table_normal = internal unnamed_addr global [256 x i32] zeroinitializer, align 16

; Function Attrs: nounwind uwtable
define dso_local range(i32 0, 2) i32 @main(i32 noundef %0, ptr noundef readonly %1) local_unnamed_addr #0 {
  %3 = icmp sgt i32 %0, 1
  %4 = icmp ne ptr %1, null
  %5 = and i1 %3, %4
  br i1 %5, label %6, label %33

6:                                                ; preds = %2
  %7 = getelementptr inbounds i8, ptr %1, i64 8
  %8 = load ptr, ptr %7, align 8, !tbaa !5
  %9 = icmp eq ptr %8, null
  br i1 %9, label %33, label %10

10:                                               ; preds = %6
  %11 = load i8, ptr %8, align 1, !tbaa !9
  %12 = icmp eq i8 %11, 0
  br i1 %12, label %33, label %13

13:                                               ; preds = %10, %22
  %14 = phi ptr [ %27, %22 ], [ %8, %10 ]
  %15 = phi i64 [ %26, %22 ], [ 0, %10 ]
  %16 = phi i8 [ %28, %22 ], [ %11, %10 ]
  %17 = icmp slt i8 %16, 48
  br i1 %17, label %33, label %18

18:                                               ; preds = %13
  %19 = icmp ugt i8 %16, 57
  %20 = icmp sgt i64 %15, 100000000
  %21 = select i1 %19, i1 true, i1 %20
  br i1 %21, label %33, label %22

22:                                               ; preds = %18
  %23 = mul nsw i64 %15, 10
  %24 = add nsw i8 %16, -48
  %25 = zext nneg i8 %24 to i64
  %26 = add nsw i64 %23, %25
  %27 = getelementptr inbounds i8, ptr %14, i64 1
  %28 = load i8, ptr %27, align 1, !tbaa !9
  %29 = icmp eq i8 %28, 0
  br i1 %29, label %30, label %13, !llvm.loop !10

30:                                               ; preds = %22
  %31 = icmp sgt i64 %26, 0
  %32 = select i1 %31, i64 %26, i64 4096
  br label %33

33:                                               ; preds = %13, %18, %2, %6, %10, %30
  %34 = phi i64 [ 4096, %10 ], [ 4096, %6 ], [ 4096, %2 ], [ %32, %30 ], [ 4096, %18 ], [ 4096, %13 ]
  %35 = load i32, ptr @crc_polys, align 4, !tbaa !12
  %36 = icmp eq i32 %35, 79764919
  br i1 %36, label %37, label %480

37:                                               ; preds = %33
  %38 = load i32, ptr getelementptr inbounds (i8, ptr @crc_polys, i64 4), align 4, !tbaa !12
  %39 = tail call i32 @llvm.bitreverse.i32(i32 %38)
  br label %40

40:                                               ; preds = %40, %37
  %41 = phi i64 [ %44, %40 ], [ 9, %37 ]
  %42 = phi i32 [ %87, %40 ], [ -1, %37 ]
  %43 = phi ptr [ %88, %40 ], [ @.str, %37 ]
  %44 = add nsw i64 %41, -1
  %45 = load i8, ptr %43, align 1, !tbaa !9
  %46 = zext i8 %45 to i32
  %47 = xor i32 %42, %46
  %48 = lshr i32 %47, 1
  %49 = and i32 %47, 1
  %50 = icmp eq i32 %49, 0
  %51 = select i1 %50, i32 0, i32 %39
  %52 = xor i32 %51, %48
  %53 = lshr i32 %52, 1
  %54 = and i32 %52, 1
  %55 = icmp eq i32 %54, 0
  %56 = select i1 %55, i32 0, i32 %39
  %57 = xor i32 %56, %53
  %58 = lshr i32 %57, 1
  %59 = and i32 %57, 1
  %60 = icmp eq i32 %59, 0
  %61 = select i1 %60, i32 0, i32 %39
  %62 = xor i32 %61, %58
  %63 = lshr i32 %62, 1
  %64 = and i32 %62, 1
  %65 = icmp eq i32 %64, 0
  %66 = select i1 %65, i32 0, i32 %39
  %67 = xor i32 %66, %63
  %68 = lshr i32 %67, 1
  %69 = and i32 %67, 1
  %70 = icmp eq i32 %69, 0
  %71 = select i1 %70, i32 0, i32 %39
  %72 = xor i32 %71, %68
  %73 = lshr i32 %72, 1
  %74 = and i32 %72, 1
  %75 = icmp eq i32 %74, 0
  %76 = select i1 %75, i32 0, i32 %39
  %77 = xor i32 %76, %73
  %78 = lshr i32 %77, 1
  %79 = and i32 %77, 1
  %80 = icmp eq i32 %79, 0
  %81 = select i1 %80, i32 0, i32 %39
  %82 = xor i32 %81, %78
  %83 = lshr i32 %82, 1
  %84 = and i32 %82, 1
  %85 = icmp eq i32 %84, 0
  %86 = select i1 %85, i32 0, i32 %39
  %87 = xor i32 %86, %83
  %88 = getelementptr inbounds i8, ptr %43, i64 1
  %89 = icmp eq i64 %44, 0
  br i1 %89, label %90, label %40, !llvm.loop !14

90:                                               ; preds = %40
  %91 = xor i32 %87, -1
  %92 = zext i32 %91 to i64
  %93 = tail call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str.2, i64 noundef 3421780262, i64 noundef 4236843288, i64 noundef %92)
  %94 = icmp eq i32 %87, 486108540
  br i1 %94, label %95, label %480

95:                                               ; preds = %90, %95
  %96 = phi i64 [ %173, %95 ], [ 0, %90 ]
  %97 = phi <4 x i32> [ %174, %95 ], [ <i32 0, i32 1, i32 2, i32 3>, %90 ]
  %98 = and <4 x i32> %97, <i32 1, i32 1, i32 1, i32 1>
  %99 = icmp eq <4 x i32> %98, zeroinitializer
  %100 = lshr <4 x i32> %97, <i32 1, i32 1, i32 1, i32 1>
  %101 = xor <4 x i32> %100, <i32 -306674912, i32 -306674912, i32 -306674912, i32 -306674912>
  %102 = select <4 x i1> %99, <4 x i32> %100, <4 x i32> %101
  %103 = shl <4 x i32> %97, <i32 25, i32 25, i32 25, i32 25>
  %104 = xor <4 x i32> %103, <i32 79764919, i32 79764919, i32 79764919, i32 79764919>
  %105 = and <4 x i32> %97, <i32 128, i32 128, i32 128, i32 128>
  %106 = icmp eq <4 x i32> %105, zeroinitializer
  %107 = select <4 x i1> %106, <4 x i32> %103, <4 x i32> %104
  %108 = and <4 x i32> %102, <i32 1, i32 1, i32 1, i32 1>
  %109 = icmp eq <4 x i32> %108, zeroinitializer
  %110 = lshr <4 x i32> %102, <i32 1, i32 1, i32 1, i32 1>
  %111 = xor <4 x i32> %110, <i32 -306674912, i32 -306674912, i32 -306674912, i32 -306674912>
  %112 = select <4 x i1> %109, <4 x i32> %110, <4 x i32> %111
  %113 = shl <4 x i32> %107, <i32 1, i32 1, i32 1, i32 1>
  %114 = xor <4 x i32> %113, <i32 79764919, i32 79764919, i32 79764919, i32 79764919>
  %115 = icmp slt <4 x i32> %107, zeroinitializer
  %116 = select <4 x i1> %115, <4 x i32> %114, <4 x i32> %113
  %117 = and <4 x i32> %112, <i32 1, i32 1, i32 1, i32 1>
  %118 = icmp eq <4 x i32> %117, zeroinitializer
  %119 = lshr <4 x i32> %112, <i32 1, i32 1, i32 1, i32 1>
  %120 = xor <4 x i32> %119, <i32 -306674912, i32 -306674912, i32 -306674912, i32 -306674912>
  %121 = select <4 x i1> %118, <4 x i32> %119, <4 x i32> %120
  %122 = shl <4 x i32> %116, <i32 1, i32 1, i32 1, i32 1>
  %123 = xor <4 x i32> %122, <i32 79764919, i32 79764919, i32 79764919, i32 79764919>
  %124 = icmp slt <4 x i32> %116, zeroinitializer
  %125 = select <4 x i1> %124, <4 x i32> %123, <4 x i32> %122
  %126 = and <4 x i32> %121, <i32 1, i32 1, i32 1, i32 1>
  %127 = icmp eq <4 x i32> %126, zeroinitializer
  %128 = lshr <4 x i32> %121, <i32 1, i32 1, i32 1, i32 1>
  %129 = xor <4 x i32> %128, <i32 -306674912, i32 -306674912, i32 -306674912, i32 -306674912>
  %130 = select <4 x i1> %127, <4 x i32> %128, <4 x i32> %129
  %131 = shl <4 x i32> %125, <i32 1, i32 1, i32 1, i32 1>
  %132 = xor <4 x i32> %131, <i32 79764919, i32 79764919, i32 79764919, i32 79764919>
  %133 = icmp slt <4 x i32> %125, zeroinitializer
  %134 = select <4 x i1> %133, <4 x i32> %132, <4 x i32> %131
  %135 = and <4 x i32> %130, <i32 1, i32 1, i32 1, i32 1>
  %136 = icmp eq <4 x i32> %135, zeroinitializer
  %137 = lshr <4 x i32> %130, <i32 1, i32 1, i32 1, i32 1>
  %138 = xor <4 x i32> %137, <i32 -306674912, i32 -306674912, i32 -306674912, i32 -306674912>
  %139 = select <4 x i1> %136, <4 x i32> %137, <4 x i32> %138
  %140 = shl <4 x i32> %134, <i32 1, i32 1, i32 1, i32 1>
  %141 = xor <4 x i32> %140, <i32 79764919, i32 79764919, i32 79764919, i32 79764919>
  %142 = icmp slt <4 x i32> %134, zeroinitializer
  %143 = select <4 x i1> %142, <4 x i32> %141, <4 x i32> %140
  %144 = and <4 x i32> %139, <i32 1, i32 1, i32 1, i32 1>
  %145 = icmp eq <4 x i32> %144, zeroinitializer
  %146 = lshr <4 x i32> %139, <i32 1, i32 1, i32 1, i32 1>
  %147 = xor <4 x i32> %146, <i32 -306674912, i32 -306674912, i32 -306674912, i32 -306674912>
  %148 = select <4 x i1> %145, <4 x i32> %146, <4 x i32> %147
  %149 = shl <4 x i32> %143, <i32 1, i32 1, i32 1, i32 1>
  %150 = xor <4 x i32> %149, <i32 79764919, i32 79764919, i32 79764919, i32 79764919>
  %151 = icmp slt <4 x i32> %143, zeroinitializer
  %152 = select <4 x i1> %151, <4 x i32> %150, <4 x i32> %149
  %153 = and <4 x i32> %148, <i32 1, i32 1, i32 1, i32 1>
  %154 = icmp eq <4 x i32> %153, zeroinitializer
  %155 = lshr <4 x i32> %148, <i32 1, i32 1, i32 1, i32 1>
  %156 = xor <4 x i32> %155, <i32 -306674912, i32 -306674912, i32 -306674912, i32 -306674912>
  %157 = select <4 x i1> %154, <4 x i32> %155, <4 x i32> %156
  %158 = shl <4 x i32> %152, <i32 1, i32 1, i32 1, i32 1>
  %159 = xor <4 x i32> %158, <i32 79764919, i32 79764919, i32 79764919, i32 79764919>
  %160 = icmp slt <4 x i32> %152, zeroinitializer
  %161 = select <4 x i1> %160, <4 x i32> %159, <4 x i32> %158
  %162 = and <4 x i32> %157, <i32 1, i32 1, i32 1, i32 1>
  %163 = icmp eq <4 x i32> %162, zeroinitializer
  %164 = lshr <4 x i32> %157, <i32 1, i32 1, i32 1, i32 1>
  %165 = xor <4 x i32> %164, <i32 -306674912, i32 -306674912, i32 -306674912, i32 -306674912>
  %166 = select <4 x i1> %163, <4 x i32> %164, <4 x i32> %165
  %167 = shl <4 x i32> %161, <i32 1, i32 1, i32 1, i32 1>
  %168 = xor <4 x i32> %167, <i32 79764919, i32 79764919, i32 79764919, i32 79764919>
  %169 = icmp slt <4 x i32> %161, zeroinitializer
  %170 = select <4 x i1> %169, <4 x i32> %168, <4 x i32> %167
  %171 = getelementptr inbounds [256 x i32], ptr @table_reflected, i64 0, i64 %96
  store <4 x i32> %166, ptr %171, align 16, !tbaa !12
  %172 = getelementptr inbounds [256 x i32], ptr @table_normal, i64 0, i64 %96
  store <4 x i32> %170, ptr %172, align 16, !tbaa !12
  %173 = add nuw i64 %96, 4
  %174 = add <4 x i32> %97, <i32 4, i32 4, i32 4, i32 4>
  %175 = icmp eq i64 %173, 256
  br i1 %175, label %176, label %95, !llvm.loop !15

176:                                              ; preds = %95
  %177 = tail call ptr @malloc(i64 noundef %34) #7
  %178 = icmp eq ptr %177, null
  br i1 %178, label %480, label %179

179:                                              ; preds = %176
  %180 = tail call i64 @llvm.smax.i64(i64 %34, i64 1)
  %181 = and i64 %180, 1
  %182 = icmp slt i64 %34, 2
  br i1 %182, label %342, label %183

183:                                              ; preds = %179
  %184 = and i64 %180, 9223372036854775806
  br label %318

185:                                              ; preds = %185, %359
  %186 = phi i64 [ 0, %359 ], [ %208, %185 ]
  %187 = phi i32 [ -1, %359 ], [ %207, %185 ]
  %188 = phi i64 [ 0, %359 ], [ %209, %185 ]
  %189 = lshr i32 %187, 8
  %190 = getelementptr inbounds i8, ptr %177, i64 %186
  %191 = load i8, ptr %190, align 1, !tbaa !9
  %192 = trunc i32 %187 to i8
  %193 = xor i8 %191, %192
  %194 = zext i8 %193 to i64
  %195 = getelementptr inbounds [256 x i32], ptr @table_reflected, i64 0, i64 %194
  %196 = load i32, ptr %195, align 4, !tbaa !12
  %197 = xor i32 %196, %189
  %198 = or disjoint i64 %186, 1
  %199 = lshr i32 %197, 8
  %200 = getelementptr inbounds i8, ptr %177, i64 %198
  %201 = load i8, ptr %200, align 1, !tbaa !9
  %202 = trunc i32 %197 to i8
  %203 = xor i8 %201, %202
  %204 = zext i8 %203 to i64
  %205 = getelementptr inbounds [256 x i32], ptr @table_reflected, i64 0, i64 %204
  %206 = load i32, ptr %205, align 4, !tbaa !12
  %207 = xor i32 %206, %199
  %208 = add nuw i64 %186, 2
  %209 = add i64 %188, 2
  %210 = icmp eq i64 %209, %360
  br i1 %210, label %211, label %185, !llvm.loop !18

211:                                              ; preds = %185, %355
  %212 = phi i32 [ poison, %355 ], [ %207, %185 ]
  %213 = phi i64 [ 0, %355 ], [ %208, %185 ]
  %214 = phi i32 [ -1, %355 ], [ %207, %185 ]
  %215 = icmp eq i64 %357, 0
  br i1 %215, label %226, label %216

216:                                              ; preds = %211
  %217 = lshr i32 %214, 8
  %218 = getelementptr inbounds i8, ptr %177, i64 %213
  %219 = load i8, ptr %218, align 1, !tbaa !9
  %220 = trunc i32 %214 to i8
  %221 = xor i8 %219, %220
  %222 = zext i8 %221 to i64
  %223 = getelementptr inbounds [256 x i32], ptr @table_reflected, i64 0, i64 %222
  %224 = load i32, ptr %223, align 4, !tbaa !12
  %225 = xor i32 %224, %217
  br label %226

226:                                              ; preds = %211, %216
  %227 = phi i32 [ %212, %211 ], [ %225, %216 ]
  %228 = and i64 %34, 1
  %229 = icmp eq i64 %356, 0
  br i1 %229, label %260, label %230

230:                                              ; preds = %226
  %231 = and i64 %34, -2
  br label %232

232:                                              ; preds = %232, %230
  %233 = phi i64 [ 0, %230 ], [ %257, %232 ]
  %234 = phi i32 [ -1, %230 ], [ %256, %232 ]
  %235 = phi i64 [ 0, %230 ], [ %258, %232 ]
  %236 = shl i32 %234, 8
  %237 = lshr i32 %234, 24
  %238 = getelementptr inbounds i8, ptr %177, i64 %233
  %239 = load i8, ptr %238, align 1, !tbaa !9
  %240 = zext i8 %239 to i32
  %241 = xor i32 %237, %240
  %242 = zext nneg i32 %241 to i64
  %243 = getelementptr inbounds [256 x i32], ptr @table_normal, i64 0, i64 %242
  %244 = load i32, ptr %243, align 4, !tbaa !12
  %245 = xor i32 %244, %236
  %246 = or disjoint i64 %233, 1
  %247 = shl i32 %245, 8
  %248 = lshr i32 %245, 24
  %249 = getelementptr inbounds i8, ptr %177, i64 %246
  %250 = load i8, ptr %249, align 1, !tbaa !9
  %251 = zext i8 %250 to i32
  %252 = xor i32 %248, %251
  %253 = zext nneg i32 %252 to i64
  %254 = getelementptr inbounds [256 x i32], ptr @table_normal, i64 0, i64 %253
  %255 = load i32, ptr %254, align 4, !tbaa !12
  %256 = xor i32 %255, %247
  %257 = add nuw i64 %233, 2
  %258 = add i64 %235, 2
  %259 = icmp eq i64 %258, %231
  br i1 %259, label %260, label %232, !llvm.loop !19

260:                                              ; preds = %232, %226
  %261 = phi i32 [ poison, %226 ], [ %256, %232 ]
  %262 = phi i64 [ 0, %226 ], [ %257, %232 ]
  %263 = phi i32 [ -1, %226 ], [ %256, %232 ]
  %264 = icmp eq i64 %228, 0
  br i1 %264, label %276, label %265

265:                                              ; preds = %260
  %266 = shl i32 %263, 8
  %267 = lshr i32 %263, 24
  %268 = getelementptr inbounds i8, ptr %177, i64 %262
  %269 = load i8, ptr %268, align 1, !tbaa !9
  %270 = zext i8 %269 to i32
  %271 = xor i32 %267, %270
  %272 = zext nneg i32 %271 to i64
  %273 = getelementptr inbounds [256 x i32], ptr @table_normal, i64 0, i64 %272
  %274 = load i32, ptr %273, align 4, !tbaa !12
  %275 = xor i32 %274, %266
  br label %276

276:                                              ; preds = %260, %265
  %277 = phi i32 [ %261, %260 ], [ %275, %265 ]
  %278 = xor i32 %227, -1
  br label %279

279:                                              ; preds = %276, %279
  %280 = phi i64 [ %283, %279 ], [ %34, %276 ]
  %281 = phi i32 [ %312, %279 ], [ -1, %276 ]
  %282 = phi ptr [ %313, %279 ], [ %177, %276 ]
  %283 = add i64 %280, -1
  %284 = load i8, ptr %282, align 1, !tbaa !9
  %285 = zext i8 %284 to i32
  %286 = xor i32 %281, %285
  %287 = lshr i32 %286, 1
  %288 = and i32 %286, 1
  %289 = icmp eq i32 %288, 0
  %290 = select i1 %289, i32 0, i32 -306674912
  %291 = xor i32 %290, %287
  %292 = lshr i32 %291, 1
  %293 = and i32 %286, 2
  %294 = icmp eq i32 %293, 0
  %295 = select i1 %294, i32 0, i32 -306674912
  %296 = xor i32 %292, %295
  %297 = lshr i32 %296, 6
  %298 = insertelement <4 x i32> poison, i32 %286, i64 0
  %299 = shufflevector <4 x i32> %298, <4 x i32> poison, <4 x i32> zeroinitializer
  %300 = and <4 x i32> %299, <i32 4, i32 8, i32 16, i32 32>
  %301 = icmp eq <4 x i32> %300, zeroinitializer
  %302 = select <4 x i1> %301, <4 x i32> zeroinitializer, <4 x i32> <i32 124634137, i32 249268274, i32 498536548, i32 997073096>
  %303 = and i32 %291, 32
  %304 = icmp eq i32 %303, 0
  %305 = select i1 %304, i32 0, i32 1994146192
  %306 = and i32 %296, 32
  %307 = icmp eq i32 %306, 0
  %308 = select i1 %307, i32 0, i32 -306674912
  %309 = tail call i32 @llvm.vector.reduce.xor.v4i32(<4 x i32> %302)
  %310 = xor i32 %309, %305
  %311 = xor i32 %308, %297
  %312 = xor i32 %310, %311
  %313 = getelementptr inbounds i8, ptr %282, i64 1
  %314 = icmp eq i64 %283, 0
  br i1 %314, label %315, label %279, !llvm.loop !14

315:                                              ; preds = %279
  %316 = xor i32 %277, -1
  %317 = icmp eq i32 %227, %312
  br i1 %317, label %361, label %480

318:                                              ; preds = %318, %183
  %319 = phi i64 [ 0, %183 ], [ %339, %318 ]
  %320 = phi i32 [ 19088743, %183 ], [ %336, %318 ]
  %321 = phi i64 [ 0, %183 ], [ %340, %318 ]
  %322 = shl i32 %320, 13
  %323 = xor i32 %322, %320
  %324 = lshr i32 %323, 17
  %325 = xor i32 %324, %323
  %326 = shl i32 %325, 5
  %327 = xor i32 %326, %325
  %328 = trunc i32 %327 to i8
  %329 = getelementptr inbounds i8, ptr %177, i64 %319
  store i8 %328, ptr %329, align 1, !tbaa !9
  %330 = or disjoint i64 %319, 1
  %331 = shl i32 %327, 13
  %332 = xor i32 %331, %327
  %333 = lshr i32 %332, 17
  %334 = xor i32 %333, %332
  %335 = shl i32 %334, 5
  %336 = xor i32 %335, %334
  %337 = trunc i32 %336 to i8
  %338 = getelementptr inbounds i8, ptr %177, i64 %330
  store i8 %337, ptr %338, align 1, !tbaa !9
  %339 = add nuw nsw i64 %319, 2
  %340 = add i64 %321, 2
  %341 = icmp eq i64 %340, %184
  br i1 %341, label %342, label %318, !llvm.loop !20

342:                                              ; preds = %318, %179
  %343 = phi i64 [ 0, %179 ], [ %339, %318 ]
  %344 = phi i32 [ 19088743, %179 ], [ %336, %318 ]
  %345 = icmp eq i64 %181, 0
  br i1 %345, label %355, label %346

346:                                              ; preds = %342
  %347 = shl i32 %344, 13
  %348 = xor i32 %347, %344
  %349 = lshr i32 %348, 17
  %350 = xor i32 %349, %348
  %351 = shl i32 %350, 5
  %352 = xor i32 %351, %350
  %353 = trunc i32 %352 to i8
  %354 = getelementptr inbounds i8, ptr %177, i64 %343
  store i8 %353, ptr %354, align 1, !tbaa !9
  br label %355

355:                                              ; preds = %342, %346
  %356 = add i64 %34, -1
  %357 = and i64 %34, 1
  %358 = icmp eq i64 %356, 0
  br i1 %358, label %211, label %359

359:                                              ; preds = %355
  %360 = and i64 %34, -2
  br label %185

361:                                              ; preds = %315, %361
  %362 = phi i64 [ %365, %361 ], [ %34, %315 ]
  %363 = phi i32 [ %401, %361 ], [ -1, %315 ]
  %364 = phi ptr [ %402, %361 ], [ %177, %315 ]
  %365 = add i64 %362, -1
  %366 = load i8, ptr %364, align 1, !tbaa !9
  %367 = zext i8 %366 to i32
  %368 = shl nuw i32 %367, 24
  %369 = xor i32 %368, %363
  %370 = shl i32 %369, 1
  %371 = xor i32 %370, 79764919
  %372 = icmp slt i32 %369, 0
  %373 = select i1 %372, i32 %371, i32 %370
  %374 = shl i32 %373, 1
  %375 = xor i32 %374, 79764919
  %376 = icmp slt i32 %373, 0
  %377 = select i1 %376, i32 %375, i32 %374
  %378 = shl i32 %377, 1
  %379 = xor i32 %378, 79764919
  %380 = icmp slt i32 %377, 0
  %381 = select i1 %380, i32 %379, i32 %378
  %382 = shl i32 %381, 1
  %383 = xor i32 %382, 79764919
  %384 = icmp slt i32 %381, 0
  %385 = select i1 %384, i32 %383, i32 %382
  %386 = shl i32 %385, 1
  %387 = xor i32 %386, 79764919
  %388 = icmp slt i32 %385, 0
  %389 = select i1 %388, i32 %387, i32 %386
  %390 = shl i32 %389, 1
  %391 = xor i32 %390, 79764919
  %392 = icmp slt i32 %389, 0
  %393 = select i1 %392, i32 %391, i32 %390
  %394 = shl i32 %393, 1
  %395 = xor i32 %394, 79764919
  %396 = icmp slt i32 %393, 0
  %397 = select i1 %396, i32 %395, i32 %394
  %398 = shl i32 %397, 1
  %399 = xor i32 %398, 79764919
  %400 = icmp slt i32 %397, 0
  %401 = select i1 %400, i32 %399, i32 %398
  %402 = getelementptr inbounds i8, ptr %364, i64 1
  %403 = icmp eq i64 %365, 0
  br i1 %403, label %404, label %361, !llvm.loop !21

404:                                              ; preds = %361
  %405 = icmp eq i32 %277, %401
  br i1 %405, label %406, label %480

406:                                              ; preds = %404
  %407 = add i64 %34, 4
  %408 = tail call ptr @realloc(ptr noundef nonnull %177, i64 noundef %407) #8
  %409 = icmp eq ptr %408, null
  br i1 %409, label %480, label %410

410:                                              ; preds = %406
  %411 = getelementptr i8, ptr %408, i64 %34
  %412 = trunc i32 %278 to i8
  store i8 %412, ptr %411, align 1, !tbaa !9
  %413 = lshr i32 %278, 8
  %414 = trunc i32 %413 to i8
  %415 = getelementptr i8, ptr %411, i64 1
  store i8 %414, ptr %415, align 1, !tbaa !9
  %416 = lshr i32 %278, 16
  %417 = trunc i32 %416 to i8
  %418 = getelementptr i8, ptr %411, i64 2
  store i8 %417, ptr %418, align 1, !tbaa !9
  %419 = lshr i32 %278, 24
  %420 = trunc nuw i32 %419 to i8
  %421 = getelementptr i8, ptr %411, i64 3
  store i8 %420, ptr %421, align 1, !tbaa !9
  %422 = icmp eq i64 %407, 0
  br i1 %422, label %472, label %423

423:                                              ; preds = %410
  %424 = and i64 %34, 1
  %425 = icmp eq i64 %34, -3
  br i1 %425, label %428, label %426

426:                                              ; preds = %423
  %427 = and i64 %407, -2
  br label %446

428:                                              ; preds = %446, %423
  %429 = phi i32 [ poison, %423 ], [ %468, %446 ]
  %430 = phi i64 [ 0, %423 ], [ %469, %446 ]
  %431 = phi i32 [ -1, %423 ], [ %468, %446 ]
  %432 = icmp eq i64 %424, 0
  br i1 %432, label %443, label %433

433:                                              ; preds = %428
  %434 = lshr i32 %431, 8
  %435 = getelementptr inbounds i8, ptr %408, i64 %430
  %436 = load i8, ptr %435, align 1, !tbaa !9
  %437 = trunc i32 %431 to i8
  %438 = xor i8 %436, %437
  %439 = zext i8 %438 to i64
  %440 = getelementptr inbounds [256 x i32], ptr @table_reflected, i64 0, i64 %439
  %441 = load i32, ptr %440, align 4, !tbaa !12
  %442 = xor i32 %441, %434
  br label %443

443:                                              ; preds = %428, %433
  %444 = phi i32 [ %429, %428 ], [ %442, %433 ]
  %445 = xor i32 %444, -1
  br label %472

446:                                              ; preds = %446, %426
  %447 = phi i64 [ 0, %426 ], [ %469, %446 ]
  %448 = phi i32 [ -1, %426 ], [ %468, %446 ]
  %449 = phi i64 [ 0, %426 ], [ %470, %446 ]
  %450 = lshr i32 %448, 8
  %451 = getelementptr inbounds i8, ptr %408, i64 %447
  %452 = load i8, ptr %451, align 1, !tbaa !9
  %453 = trunc i32 %448 to i8
  %454 = xor i8 %452, %453
  %455 = zext i8 %454 to i64
  %456 = getelementptr inbounds [256 x i32], ptr @table_reflected, i64 0, i64 %455
  %457 = load i32, ptr %456, align 4, !tbaa !12
  %458 = xor i32 %457, %450
  %459 = or disjoint i64 %447, 1
  %460 = lshr i32 %458, 8
  %461 = getelementptr inbounds i8, ptr %408, i64 %459
  %462 = load i8, ptr %461, align 1, !tbaa !9
  %463 = trunc i32 %458 to i8
  %464 = xor i8 %462, %463
  %465 = zext i8 %464 to i64
  %466 = getelementptr inbounds [256 x i32], ptr @table_reflected, i64 0, i64 %465
  %467 = load i32, ptr %466, align 4, !tbaa !12
  %468 = xor i32 %467, %460
  %469 = add nuw i64 %447, 2
  %470 = add i64 %449, 2
  %471 = icmp eq i64 %470, %427
  br i1 %471, label %428, label %446, !llvm.loop !18

472:                                              ; preds = %410, %443
  %473 = phi i32 [ 0, %410 ], [ %445, %443 ]
  %474 = xor i32 %473, -1
  tail call void @free(ptr noundef nonnull %408)
  %475 = zext i32 %278 to i64
  %476 = zext i32 %316 to i64
  %477 = zext i32 %474 to i64
  %478 = tail call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str.7, i64 noundef %34, i64 noundef %475, i64 noundef %476, i64 noundef %477)
  %479 = icmp eq i32 %473, 558161692
  br i1 %479, label %483, label %480

480:                                              ; preds = %472, %406, %315, %404, %176, %90, %33
  %481 = phi ptr [ @.str.1, %33 ], [ @.str.3, %90 ], [ @.str.4, %176 ], [ @.str.5, %404 ], [ @.str.5, %315 ], [ @.str.6, %406 ], [ @.str.8, %472 ]
  %482 = tail call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str.9, ptr noundef nonnull %481)
  br label %483

483:                                              ; preds = %480, %472
  %484 = phi i32 [ 0, %472 ], [ 1, %480 ]
  ret i32 %484
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.bitreverse.i32(i32) #1

; Function Attrs: nofree nounwind
declare noundef i32 @printf(ptr nocapture noundef readonly, ...) local_unnamed_addr #2

; Function Attrs: mustprogress nofree nounwind willreturn allockind("alloc,uninitialized") allocsize(0) memory(inaccessiblemem: readwrite)
declare noalias noundef ptr @malloc(i64 noundef) local_unnamed_addr #3

; Function Attrs: mustprogress nounwind willreturn allockind("realloc") allocsize(1) memory(argmem: readwrite, inaccessiblemem: readwrite)
declare noalias noundef ptr @realloc(ptr allocptr nocapture noundef, i64 noundef) local_unnamed_addr #4

; Function Attrs: mustprogress nounwind willreturn allockind("free") memory(argmem: readwrite, inaccessiblemem: readwrite)
declare void @free(ptr allocptr nocapture noundef) local_unnamed_addr #5

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.smax.i64(i64, i64) #6

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.vector.reduce.xor.v4i32(<4 x i32>) #6

attributes #0 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { nofree nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { mustprogress nofree nounwind willreturn allockind("alloc,uninitialized") allocsize(0) memory(inaccessiblemem: readwrite) "alloc-family"="malloc" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { mustprogress nounwind willreturn allockind("realloc") allocsize(1) memory(argmem: readwrite, inaccessiblemem: readwrite) "alloc-family"="malloc" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #5 = { mustprogress nounwind willreturn allockind("free") memory(argmem: readwrite, inaccessiblemem: readwrite) "alloc-family"="malloc" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #6 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #7 = { allocsize(0) }
attributes #8 = { allocsize(1) }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"any pointer", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = !{!7, !7, i64 0}
!10 = distinct !{!10, !11}
!11 = !{!"llvm.loop.mustprogress"}
!12 = !{!13, !13, i64 0}
!13 = !{!"int", !7, i64 0}
!14 = distinct !{!14, !11}
!15 = distinct !{!15, !11, !16, !17}
!16 = !{!"llvm.loop.isvectorized", i32 1}
!17 = !{!"llvm.loop.unroll.runtime.disable"}
!18 = distinct !{!18, !11}
!19 = distinct !{!19, !11}
!20 = distinct !{!20, !11}
!21 = distinct !{!21, !11}
