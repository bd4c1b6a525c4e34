-- Admin Panel and Help Center seed data (issue 14): settings row, branding kits, subjects, FAQ, guides.
--> statement-breakpoint
INSERT INTO "platform_settings" ("id") VALUES (1) ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
INSERT INTO "branding_kits" ("id", "name", "theme", "colors", "fonts", "radius", "created_at") VALUES ('b1000000-0000-4000-8000-000000000001', 'Modern', 'modern', '{"primary": "#1A237E", "secondary": "#00C7B1", "accent": "#FF6F61", "background": "#FFFFFF", "text": "#0F172A"}'::jsonb, '{"heading": "Inter", "body": "Inter"}'::jsonb, 12, now() + interval '0 millisecond') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "branding_kits" ("id", "name", "theme", "colors", "fonts", "radius", "created_at") VALUES ('b1000000-0000-4000-8000-000000000002', 'Academic', 'academic', '{"primary": "#1B5E20", "secondary": "#A5D6A7", "accent": "#8D6E63", "background": "#FAFAF5", "text": "#1F2933"}'::jsonb, '{"heading": "Georgia", "body": "Georgia"}'::jsonb, 4, now() + interval '1 millisecond') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "branding_kits" ("id", "name", "theme", "colors", "fonts", "radius", "created_at") VALUES ('b1000000-0000-4000-8000-000000000003', 'Creative', 'creative', '{"primary": "#7B1FA2", "secondary": "#FFB300", "accent": "#00BCD4", "background": "#FFFDF7", "text": "#212121"}'::jsonb, '{"heading": "Poppins", "body": "Nunito"}'::jsonb, 18, now() + interval '2 millisecond') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "branding_kits" ("id", "name", "theme", "colors", "fonts", "radius", "created_at") VALUES ('b1000000-0000-4000-8000-000000000004', 'Professional', 'professional', '{"primary": "#263238", "secondary": "#1565C0", "accent": "#F9A825", "background": "#F8FAFC", "text": "#111827"}'::jsonb, '{"heading": "Be Vietnam Pro", "body": "Be Vietnam Pro"}'::jsonb, 6, now() + interval '3 millisecond') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "subjects" ("name", "description", "icon") VALUES ('Languages', 'Vietnamese, English and other languages', '🗣️') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "subjects" ("name", "description", "icon") VALUES ('Programming', 'Software, web and data', '💻') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "subjects" ("name", "description", "icon") VALUES ('Business', 'Marketing, sales, finance and management', '💼') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "subjects" ("name", "description", "icon") VALUES ('Creative', 'Design, music, cooking and crafts', '🎨') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "subjects" ("name", "description", "icon") VALUES ('Science', 'Maths, physics, chemistry and biology', '🔬') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "faq_entries" ("audience", "category", "question_en", "answer_en", "question_vi", "answer_vi", "sort_order") VALUES ('creator', 'getting-started', 'How do I create my first course?', 'Open Course Builder from the sidebar (or press Build New Course). Fill in the course information, let the AI outline suggest sections and lessons, arrange them with drag and drop, then press Publish Course. Your school is created automatically on your first publish.', 'Làm sao để tạo khóa học đầu tiên?', 'Mở Trình tạo khóa học ở thanh bên (hoặc bấm Tạo khóa học mới). Điền thông tin khóa học, để AI gợi ý các phần và bài học, sắp xếp bằng kéo thả rồi bấm Xuất bản khóa học. Trường học của bạn được tạo tự động ở lần xuất bản đầu tiên.', 0);
--> statement-breakpoint
INSERT INTO "faq_entries" ("audience", "category", "question_en", "answer_en", "question_vi", "answer_vi", "sort_order") VALUES ('creator', 'courses', 'Can I edit a course after publishing it?', 'Yes. Open it from My Courses and choose Edit. Publishing again updates the same course in place: lessons, enrolments and student progress are kept.', 'Tôi có thể sửa khóa học sau khi xuất bản không?', 'Có. Mở khóa học từ Khóa học của tôi và chọn Chỉnh sửa. Xuất bản lại sẽ cập nhật chính khóa học đó: bài học, lượt ghi danh và tiến độ của học viên được giữ nguyên.', 10);
--> statement-breakpoint
INSERT INTO "faq_entries" ("audience", "category", "question_en", "answer_en", "question_vi", "answer_vi", "sort_order") VALUES ('creator', 'courses', 'How much of a course can be my own custom content?', 'All of it. The AI outline and the Material Bank are starting points: you can rewrite every section and lesson. We recommend keeping generated text to a small part (up to about 10%) and adding your own examples.', 'Tôi được tự viết bao nhiêu nội dung trong khóa học?', 'Toàn bộ. Dàn ý AI và Kho tài liệu chỉ là điểm khởi đầu: bạn có thể viết lại mọi phần và bài học. Chúng tôi khuyên chỉ giữ một phần nhỏ văn bản tạo tự động (khoảng 10%) và thêm ví dụ của riêng bạn.', 20);
--> statement-breakpoint
INSERT INTO "faq_entries" ("audience", "category", "question_en", "answer_en", "question_vi", "answer_vi", "sort_order") VALUES ('creator', 'payments', 'How do students pay for a paid course?', 'Add payment methods (bank transfer with VietQR, MoMo, ZaloPay, card or cash) to the course''s landing page. A bank transfer stays pending until you confirm it in Student Management; the student is e-mailed when it is confirmed.', 'Học viên thanh toán khóa học có phí như thế nào?', 'Thêm phương thức thanh toán (chuyển khoản VietQR, MoMo, ZaloPay, thẻ hoặc tiền mặt) vào trang đích của khóa học. Chuyển khoản ở trạng thái chờ cho đến khi bạn xác nhận trong Quản lý học viên; học viên nhận email khi được xác nhận.', 30);
--> statement-breakpoint
INSERT INTO "faq_entries" ("audience", "category", "question_en", "answer_en", "question_vi", "answer_vi", "sort_order") VALUES ('all', 'certificates', 'When is a certificate issued?', 'When every lesson of the course is complete (100% progress). The certificate is a PDF with a QR code that anyone can scan to verify it.', 'Khi nào tôi nhận được chứng chỉ?', 'Khi hoàn thành mọi bài học của khóa học (tiến độ 100%). Chứng chỉ là tệp PDF có mã QR để bất kỳ ai cũng có thể quét và xác minh.', 40);
--> statement-breakpoint
INSERT INTO "faq_entries" ("audience", "category", "question_en", "answer_en", "question_vi", "answer_vi", "sort_order") VALUES ('student', 'courses', 'How quickly will my instructor reply?', 'Instructors usually reply within 24-48 hours. Messages marked high priority are answered within 12 hours.', 'Giảng viên sẽ trả lời trong bao lâu?', 'Giảng viên thường trả lời trong vòng 24-48 giờ. Tin nhắn ưu tiên cao được trả lời trong vòng 12 giờ.', 50);
--> statement-breakpoint
INSERT INTO "faq_entries" ("audience", "category", "question_en", "answer_en", "question_vi", "answer_vi", "sort_order") VALUES ('student', 'getting-started', 'How do I continue a course?', 'Open My Learning and press Continue on the course. The lesson player opens the next lesson you have not completed; press Mark Complete when you finish it.', 'Làm sao để học tiếp một khóa học?', 'Mở Học tập của tôi và bấm Tiếp tục ở khóa học. Trình phát mở bài học tiếp theo bạn chưa hoàn thành; bấm Đánh dấu hoàn thành khi học xong.', 60);
--> statement-breakpoint
INSERT INTO "faq_entries" ("audience", "category", "question_en", "answer_en", "question_vi", "answer_vi", "sort_order") VALUES ('all', 'account', 'How do I change the language?', 'Use the language switch (VI / EN) in the header. Academy remembers your choice, and e-mails are sent in the same language.', 'Làm sao để đổi ngôn ngữ?', 'Dùng nút chuyển ngôn ngữ (VI / EN) ở đầu trang. Academy ghi nhớ lựa chọn của bạn và email cũng được gửi bằng ngôn ngữ đó.', 70);
--> statement-breakpoint
INSERT INTO "faq_entries" ("audience", "category", "question_en", "answer_en", "question_vi", "answer_vi", "sort_order") VALUES ('all', 'account', 'I did not receive the verification e-mail. What now?', 'Check your spam folder, then use Resend on the sign-in page. You can request a new e-mail up to three times a minute.', 'Tôi không nhận được email xác minh thì sao?', 'Hãy kiểm tra thư rác, sau đó dùng Gửi lại ở trang đăng nhập. Bạn có thể yêu cầu email mới tối đa ba lần mỗi phút.', 80);
--> statement-breakpoint
INSERT INTO "guides" ("slug", "audience", "title_en", "body_en", "title_vi", "body_vi", "sort_order") VALUES ('creator-launch-checklist', 'creator', 'Launch checklist for your first course', '## Before you publish

1. **Course information** — a clear title, a description of who the course is for, and a thumbnail.
2. **Structure** — short lessons (10–15 minutes) grouped into sections.
3. **Subject** — pick the subject that fits so students find your course.

## After you publish

- Create a **landing page** and connect it to the course.
- Add **payment methods** if the course is paid.
- Invite your first students from **Students & Groups**.
', 'Danh sách chuẩn bị cho khóa học đầu tiên', '## Trước khi xuất bản

1. **Thông tin khóa học** — tiêu đề rõ ràng, mô tả dành cho ai và ảnh bìa.
2. **Cấu trúc** — bài học ngắn (10–15 phút) chia theo từng phần.
3. **Chủ đề** — chọn chủ đề phù hợp để học viên dễ tìm thấy.

## Sau khi xuất bản

- Tạo **trang đích** và liên kết với khóa học.
- Thêm **phương thức thanh toán** nếu khóa học có phí.
- Mời những học viên đầu tiên từ **Học viên & Nhóm**.
', 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "guides" ("slug", "audience", "title_en", "body_en", "title_vi", "body_vi", "sort_order") VALUES ('creator-support', 'creator', 'Answering your students', 'Students can write to you from **Help Center → Contact Instructor**. Their messages appear in **Help Center → Support Tickets → Student tickets**.

- Reply in the ticket: the student is e-mailed at once.
- Mark the ticket **Resolved** when the question is answered.
- Aim to reply within **24-48 hours**.
', 'Trả lời học viên', 'Học viên có thể viết cho bạn từ **Trung tâm trợ giúp → Liên hệ giảng viên**. Tin nhắn xuất hiện trong **Trung tâm trợ giúp → Yêu cầu hỗ trợ → Yêu cầu của học viên**.

- Trả lời trong yêu cầu: học viên nhận email ngay.
- Đánh dấu **Đã giải quyết** khi câu hỏi đã được trả lời.
- Cố gắng trả lời trong **24-48 giờ**.
', 10) ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "guides" ("slug", "audience", "title_en", "body_en", "title_vi", "body_vi", "sort_order") VALUES ('student-learning-well', 'student', 'Learning well online', '## A rhythm that works

- Study a little **every day** — even 20 minutes keeps your streak.
- Finish a lesson before starting the next one and press **Mark Complete**.
- Take notes in your own words.

## Getting help

Use **Contact Instructor** for questions about a course. For account problems, write to the support e-mail shown on this page.
', 'Học trực tuyến hiệu quả', '## Nhịp học phù hợp

- Học một chút **mỗi ngày** — chỉ 20 phút cũng giữ được chuỗi ngày học.
- Học xong một bài rồi mới sang bài tiếp theo và bấm **Đánh dấu hoàn thành**.
- Ghi chú bằng lời của chính bạn.

## Khi cần trợ giúp

Dùng **Liên hệ giảng viên** cho câu hỏi về khóa học. Với vấn đề tài khoản, hãy viết đến email hỗ trợ ở trang này.
', 20) ON CONFLICT DO NOTHING;
