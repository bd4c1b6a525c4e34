/**
 * The landing-page templates seeded by migration 0009 (issue 7 §3): three complete templates in
 * English with Vietnamese translations. `Classic Academy` is stored as older keyed blocks to keep
 * the conversion (spec 001 §3) exercised. Regenerate the SQL with
 * `npx tsx apps/server/scripts/landing-templates-sql.ts > apps/server/drizzle/0009_landing_page_templates_seed.sql`.
 */
const s = (
  id: string,
  type: string,
  title: string,
  content: Record<string, unknown>,
  styles: Record<string, string> = {},
) => ({
  id,
  type,
  title,
  content,
  styles: { backgroundColor: "transparent", textColor: "", padding: "2rem", ...styles },
});

const starterEn = [
  s("hero", "hero", "", {
    headline: "Master a new skill in weeks, not years",
    subheadline: "Short video lessons, practical exercises and a certificate when you finish.",
    ctaText: "Enroll Now",
    image: "",
  }),
  s("features", "features", "What you will learn", {
    features: [
      "Step-by-step lessons you can follow on your phone",
      "Practice exercises after every lesson",
      "Lifetime access and free updates",
      "A certificate of completion",
    ],
  }),
  s("curriculum", "curriculum", "Course curriculum", {}),
  s("instructor", "instructor", "Meet your instructor", {}),
  s(
    "testimonials",
    "testimonials",
    "What students say",
    {
      items: [
        { name: "Minh Anh", text: "Clear, practical and easy to follow after work.", location: "Hà Nội" },
        {
          name: "Quốc Bảo",
          text: "I finished the course in three weeks and use it every day.",
          location: "TP. Hồ Chí Minh",
        },
      ],
    },
    { backgroundColor: "#F5F7FF" },
  ),
  s("pricing", "pricing_vn", "Tuition", {
    price: 1990000,
    originalPrice: 2990000,
    currency: "VND",
    features: [
      "All lessons and exercises",
      "Certificate of completion",
      "Questions answered by the instructor",
    ],
  }),
  s("faq", "faq", "Frequently asked questions", {
    items: [
      { question: "How long do I have access?", answer: "For life, including future updates." },
      { question: "Do I need any experience?", answer: "No. The course starts from the basics." },
      {
        question: "How do I pay?",
        answer: "Choose a payment method below; bank transfer and VietQR are confirmed within a day.",
      },
    ],
  }),
  s("cta", "cta", "", {
    headline: "Start learning today",
    text: "Join now and learn at your own pace.",
    buttonText: "Enroll Now",
  }),
  s("zalo", "contact_zalo", "", {
    headline: "Questions? Chat with us on Zalo",
    text: "We reply within a few hours.",
    buttonText: "Chat on Zalo",
    zaloNumber: "",
  }),
];

const starterVi = [
  s("hero", "hero", "", {
    headline: "Làm chủ kỹ năng mới trong vài tuần",
    subheadline: "Bài học video ngắn, bài tập thực hành và chứng chỉ khi hoàn thành.",
    ctaText: "Đăng ký ngay",
    image: "",
  }),
  s("features", "features", "Bạn sẽ học được gì", {
    features: [
      "Bài học từng bước, học được trên điện thoại",
      "Bài tập thực hành sau mỗi bài",
      "Truy cập trọn đời và cập nhật miễn phí",
      "Chứng chỉ hoàn thành",
    ],
  }),
  s("curriculum", "curriculum", "Nội dung khóa học", {}),
  s("instructor", "instructor", "Giảng viên", {}),
  s(
    "testimonials",
    "testimonials",
    "Học viên nói gì",
    {
      items: [
        { name: "Minh Anh", text: "Rõ ràng, thực tế và dễ theo sau giờ làm.", location: "Hà Nội" },
        {
          name: "Quốc Bảo",
          text: "Tôi học xong trong ba tuần và dùng mỗi ngày.",
          location: "TP. Hồ Chí Minh",
        },
      ],
    },
    { backgroundColor: "#F5F7FF" },
  ),
  s("pricing", "pricing_vn", "Học phí", {
    price: 1990000,
    originalPrice: 2990000,
    currency: "VND",
    features: ["Toàn bộ bài học và bài tập", "Chứng chỉ hoàn thành", "Giảng viên giải đáp thắc mắc"],
  }),
  s("faq", "faq", "Câu hỏi thường gặp", {
    items: [
      { question: "Tôi được học trong bao lâu?", answer: "Trọn đời, kể cả các bản cập nhật." },
      { question: "Tôi có cần kinh nghiệm không?", answer: "Không. Khóa học bắt đầu từ cơ bản." },
      {
        question: "Thanh toán thế nào?",
        answer: "Chọn một phương thức bên dưới; chuyển khoản và VietQR được xác nhận trong ngày.",
      },
    ],
  }),
  s("cta", "cta", "", {
    headline: "Bắt đầu học ngay hôm nay",
    text: "Đăng ký và học theo nhịp của bạn.",
    buttonText: "Đăng ký ngay",
  }),
  s("zalo", "contact_zalo", "", {
    headline: "Có câu hỏi? Nhắn Zalo cho chúng tôi",
    text: "Chúng tôi trả lời trong vài giờ.",
    buttonText: "Nhắn Zalo",
    zaloNumber: "",
  }),
];

const workshopEn = [
  s("hero", "hero", "", {
    headline: "A hands-on workshop that gets you results",
    subheadline: "Small groups, real projects, direct feedback.",
    ctaText: "Save my seat",
    image: "",
  }),
  s("features", "features", "Why this workshop", {
    features: [
      "Build a real project from day one",
      "Feedback on every assignment",
      "Templates and checklists to keep",
    ],
  }),
  s(
    "pricing",
    "pricing_vn",
    "Early-bird price",
    {
      price: 990000,
      originalPrice: 1490000,
      currency: "VND",
      features: ["All sessions and recordings", "Project review"],
    },
    { backgroundColor: "#FFF8E1" },
  ),
  s("testimonials", "testimonials", "Past participants", {
    items: [{ name: "Thu Hà", text: "The most practical workshop I have taken.", location: "Đà Nẵng" }],
  }),
  s("faq", "faq", "Questions", {
    items: [{ question: "Are sessions recorded?", answer: "Yes, you can rewatch every session." }],
  }),
  s("cta", "cta", "", {
    headline: "Seats are limited",
    text: "Book now to keep the early-bird price.",
    buttonText: "Save my seat",
  }),
];
const workshopVi = [
  s("hero", "hero", "", {
    headline: "Workshop thực hành mang lại kết quả",
    subheadline: "Nhóm nhỏ, dự án thật, góp ý trực tiếp.",
    ctaText: "Giữ chỗ",
    image: "",
  }),
  s("features", "features", "Vì sao chọn workshop này", {
    features: [
      "Làm dự án thật ngay từ buổi đầu",
      "Góp ý cho mọi bài tập",
      "Mẫu và danh sách kiểm tra mang về",
    ],
  }),
  s(
    "pricing",
    "pricing_vn",
    "Giá ưu đãi sớm",
    {
      price: 990000,
      originalPrice: 1490000,
      currency: "VND",
      features: ["Tất cả buổi học và bản ghi", "Chấm dự án"],
    },
    { backgroundColor: "#FFF8E1" },
  ),
  s("testimonials", "testimonials", "Học viên khóa trước", {
    items: [{ name: "Thu Hà", text: "Workshop thực tế nhất tôi từng học.", location: "Đà Nẵng" }],
  }),
  s("faq", "faq", "Câu hỏi", {
    items: [{ question: "Buổi học có được ghi lại không?", answer: "Có, bạn xem lại được mọi buổi." }],
  }),
  s("cta", "cta", "", {
    headline: "Số chỗ có hạn",
    text: "Đăng ký ngay để giữ giá ưu đãi.",
    buttonText: "Giữ chỗ",
  }),
];

/** Keyed blocks (older template format). */
const classicEn = {
  hero: {
    headline: "Learn from an experienced teacher",
    subheadline: "A structured course with clear goals for every lesson.",
    ctaText: "Join the course",
  },
  features: {
    title: "Course highlights",
    features: ["Structured syllabus", "Weekly assignments", "Certificate"],
  },
  instructor: { title: "About the teacher" },
  pricing: {
    title: "Enrolment",
    price: 49,
    originalPrice: 79,
    currency: "USD",
    features: ["Full access", "Certificate"],
  },
  faq: {
    title: "FAQ",
    items: [
      { question: "Can I study at my own pace?", answer: "Yes, all lessons are available at any time." },
    ],
  },
  cta: {
    headline: "Ready when you are",
    text: "Enrol and start with the first lesson today.",
    buttonText: "Join the course",
  },
};
const classicVi = {
  hero: {
    headline: "Học cùng giáo viên giàu kinh nghiệm",
    subheadline: "Khóa học có cấu trúc với mục tiêu rõ cho từng bài.",
    ctaText: "Tham gia khóa học",
  },
  features: { title: "Điểm nổi bật", features: ["Giáo trình bài bản", "Bài tập hằng tuần", "Chứng chỉ"] },
  instructor: { title: "Về giáo viên" },
  pricing: {
    title: "Học phí",
    price: 49,
    originalPrice: 79,
    currency: "USD",
    features: ["Truy cập đầy đủ", "Chứng chỉ"],
  },
  faq: {
    title: "Hỏi đáp",
    items: [
      { question: "Tôi có thể học theo tốc độ riêng không?", answer: "Có, mọi bài học luôn sẵn sàng." },
    ],
  },
  cta: {
    headline: "Sẵn sàng khi bạn sẵn sàng",
    text: "Đăng ký và bắt đầu bài đầu tiên hôm nay.",
    buttonText: "Tham gia khóa học",
  },
};

export const TEMPLATE_SEED = [
  {
    id: "7a000000-0000-4000-8000-000000000001",
    name: "Course Starter",
    description:
      "A complete course page: hero, features, curriculum, instructor, testimonials, VND pricing, FAQ and calls to action.",
    category: "course",
    template_data: {
      sections: starterEn,
      translations: {
        vi: {
          name: "Khởi đầu khóa học (Starter)",
          description:
            "Trang khóa học đầy đủ: giới thiệu, lợi ích, nội dung, giảng viên, cảm nhận, học phí VND, hỏi đáp.",
          sections: starterVi,
        },
      },
    },
    style_data: { primaryColor: "#1A237E", secondaryColor: "#00C7B1", fontFamily: "Inter", borderRadius: 8 },
  },
  {
    id: "7a000000-0000-4000-8000-000000000002",
    name: "Workshop Bold",
    description: "A bold page for a workshop or live cohort with an early-bird price.",
    category: "event",
    template_data: {
      sections: workshopEn,
      translations: {
        vi: {
          name: "Workshop nổi bật",
          description: "Trang nổi bật cho workshop hoặc lớp trực tiếp, có giá ưu đãi sớm.",
          sections: workshopVi,
        },
      },
    },
    style_data: { primaryColor: "#B71C1C", secondaryColor: "#FFB300", fontFamily: "Arial", borderRadius: 16 },
  },
  {
    id: "7a000000-0000-4000-8000-000000000003",
    name: "Classic Academy",
    description: "A calm, traditional layout with a serif font.",
    category: "education",
    template_data: {
      ...classicEn,
      translations: {
        vi: {
          name: "Học viện cổ điển",
          description: "Bố cục truyền thống, nhẹ nhàng với phông chữ có chân.",
          sections: classicVi,
        },
      },
    },
    style_data: {
      primaryColor: "#1B5E20",
      secondaryColor: "#A5D6A7",
      fontFamily: "Georgia",
      borderRadius: 4,
    },
  },
];
