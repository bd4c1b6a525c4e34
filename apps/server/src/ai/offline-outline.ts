import { randomUUID } from "node:crypto";
import {
  type BuilderLesson,
  FALLBACK_SECTION_MINUTES,
  hoursToMinutes,
  type LESSON_TYPES,
  type OutlineRequest,
  type OutlineSection,
} from "@academy/shared";
import { distributeMinutes } from "./minutes.ts";
import type { Locale, SkillLevel } from "./types.ts";

/**
 * The built-in course outline generator (spec 000 §2 AI Course Outline Generator, §3 Outline
 * section, §7 generate-course-outline) used when no model is configured, and the two-section
 * default outline (000 §4, §9) used when generation fails. Deterministic apart from the ids;
 * no network, no I/O.
 */

/** Total minutes of an outline when the course has no estimated duration (hours = 0). */
export const DEFAULT_OUTLINE_MINUTES = 120;
/** Section count bounds of the offline outline. */
export const OUTLINE_MIN_SECTIONS = 3;
export const OUTLINE_MAX_SECTIONS = 10;

type LessonType = (typeof LESSON_TYPES)[number];
type Audience = OutlineRequest["targetAudience"];

/** [section title, one-sentence description, three lesson titles]; "{topic}" is the course title. */
type ModuleText = readonly [string, string, readonly [string, string, string]];
interface ModuleTemplate {
  en: ModuleText;
  vi: ModuleText;
  /** Share of the course time relative to a regular module (1). */
  weight?: number;
}
/** [module key, priority]: when fewer sections fit, the lowest priorities are kept, in curriculum order. */
type PathEntry = readonly [string, number];
interface CategoryPlan {
  modules: Record<string, ModuleTemplate>;
  paths: Record<SkillLevel, { core: readonly PathEntry[]; final: string }>;
}

const PROGRAMMING: CategoryPlan = {
  modules: {
    setup: {
      weight: 0.8,
      en: [
        "Getting set up for {topic}",
        "Install the tools, set up your editor and run your first program in {topic}.",
        ["Installing the tools", "Your editor and terminal", "Running your first program"],
      ],
      vi: [
        "Chuẩn bị môi trường cho {topic}",
        "Cài đặt công cụ, thiết lập trình soạn thảo và chạy chương trình đầu tiên với {topic}.",
        ["Cài đặt công cụ", "Làm quen với trình soạn thảo và terminal", "Chạy chương trình đầu tiên"],
      ],
    },
    refresher: {
      weight: 0.8,
      en: [
        "Refresher: core {topic} concepts",
        "Review the essentials of {topic} quickly so everyone starts from the same solid base.",
        ["Syntax and data types recap", "Control flow and functions recap", "Common beginner mistakes"],
      ],
      vi: [
        "Ôn tập: các khái niệm cốt lõi của {topic}",
        "Ôn nhanh những kiến thức thiết yếu của {topic} để mọi người cùng bắt đầu từ một nền tảng vững chắc.",
        [
          "Ôn lại cú pháp và kiểu dữ liệu",
          "Ôn lại luồng điều khiển và hàm",
          "Những lỗi thường gặp của người mới",
        ],
      ],
    },
    fundamentals: {
      en: [
        "Fundamentals: syntax, variables and data types",
        "Learn how {topic} code is written, how values are stored and which data types you will use every day.",
        ["Reading and writing basic syntax", "Variables and constants", "Numbers, text and booleans"],
      ],
      vi: [
        "Kiến thức nền tảng: cú pháp, biến và kiểu dữ liệu",
        "Tìm hiểu cách viết mã {topic}, cách lưu trữ giá trị và các kiểu dữ liệu bạn sẽ dùng hằng ngày.",
        ["Đọc và viết cú pháp cơ bản", "Biến và hằng số", "Số, chuỗi và giá trị logic"],
      ],
    },
    control: {
      en: [
        "Control flow: conditions and loops",
        "Make your {topic} programs decide and repeat with if statements, loops and clear logic.",
        ["Making decisions with if/else", "Repeating work with loops", "Combining conditions and loops"],
      ],
      vi: [
        "Luồng điều khiển: điều kiện và vòng lặp",
        "Giúp chương trình {topic} biết ra quyết định và lặp lại công việc bằng câu lệnh if, vòng lặp và logic rõ ràng.",
        ["Ra quyết định với if/else", "Lặp lại công việc với vòng lặp", "Kết hợp điều kiện và vòng lặp"],
      ],
    },
    functions: {
      en: [
        "Functions and reusable code",
        "Break {topic} programs into small functions with parameters and return values that are easy to reuse.",
        ["Defining and calling functions", "Parameters and return values", "Organising code into modules"],
      ],
      vi: [
        "Hàm và mã nguồn tái sử dụng",
        "Chia chương trình {topic} thành các hàm nhỏ có tham số và giá trị trả về để dễ dàng tái sử dụng.",
        ["Định nghĩa và gọi hàm", "Tham số và giá trị trả về", "Tổ chức mã thành các module"],
      ],
    },
    data: {
      en: [
        "Working with collections and data",
        "Store, search and transform lists and records, and read and write files with {topic}.",
        ["Lists and arrays", "Dictionaries and objects", "Reading and writing files"],
      ],
      vi: [
        "Làm việc với tập hợp và dữ liệu",
        "Lưu trữ, tìm kiếm và biến đổi danh sách, bản ghi, đồng thời đọc và ghi tệp với {topic}.",
        ["Danh sách và mảng", "Từ điển và đối tượng", "Đọc và ghi tệp"],
      ],
    },
    design: {
      en: [
        "Code design and patterns",
        "Structure larger {topic} programs with clean abstractions, design patterns and readable code.",
        ["Abstractions and interfaces", "Common design patterns", "Writing readable, maintainable code"],
      ],
      vi: [
        "Thiết kế mã và các mẫu thiết kế",
        "Tổ chức các chương trình {topic} lớn hơn bằng lớp trừu tượng rõ ràng, mẫu thiết kế và mã dễ đọc.",
        ["Trừu tượng hóa và giao diện", "Các mẫu thiết kế phổ biến", "Viết mã dễ đọc, dễ bảo trì"],
      ],
    },
    async: {
      en: [
        "Asynchronous code and APIs",
        "Call web APIs, handle slow operations and work with asynchronous code in {topic}.",
        ["How asynchronous code works", "Calling a web API", "Handling errors and timeouts"],
      ],
      vi: [
        "Lập trình bất đồng bộ và API",
        "Gọi API web, xử lý các thao tác chậm và làm việc với mã bất đồng bộ trong {topic}.",
        ["Cách mã bất đồng bộ hoạt động", "Gọi một API web", "Xử lý lỗi và hết thời gian chờ"],
      ],
    },
    project: {
      weight: 1.2,
      en: [
        "Building a project with {topic}",
        "Plan and build a small, complete application step by step, from idea to working code.",
        ["Planning the project", "Building the core features", "Polishing and refactoring"],
      ],
      vi: [
        "Xây dựng dự án với {topic}",
        "Lên kế hoạch và xây dựng từng bước một ứng dụng nhỏ hoàn chỉnh, từ ý tưởng đến mã chạy được.",
        ["Lập kế hoạch dự án", "Xây dựng các tính năng chính", "Hoàn thiện và tái cấu trúc mã"],
      ],
    },
    testing: {
      en: [
        "Testing and debugging",
        "Find and fix bugs with a debugger and write automated tests that keep your {topic} code reliable.",
        ["Reading error messages", "Using the debugger", "Writing automated tests"],
      ],
      vi: [
        "Kiểm thử và gỡ lỗi",
        "Tìm và sửa lỗi bằng trình gỡ lỗi, viết kiểm thử tự động để mã {topic} luôn ổn định.",
        ["Đọc hiểu thông báo lỗi", "Sử dụng trình gỡ lỗi", "Viết kiểm thử tự động"],
      ],
    },
    performance: {
      en: [
        "Deep dive: performance and optimisation",
        "Measure where {topic} code spends its time and memory, then optimise the parts that matter.",
        ["Profiling and benchmarks", "Algorithms and complexity", "Caching and memory use"],
      ],
      vi: [
        "Chuyên sâu: hiệu năng và tối ưu hóa",
        "Đo lường thời gian và bộ nhớ mà mã {topic} sử dụng, rồi tối ưu những phần thật sự quan trọng.",
        ["Đo hiệu năng và benchmark", "Thuật toán và độ phức tạp", "Bộ nhớ đệm và sử dụng bộ nhớ"],
      ],
    },
    security: {
      en: [
        "Deep dive: security and reliability",
        "Protect {topic} applications against common attacks and design them to fail safely.",
        ["Validating input", "Authentication and secrets", "Handling failures gracefully"],
      ],
      vi: [
        "Chuyên sâu: bảo mật và độ tin cậy",
        "Bảo vệ ứng dụng {topic} trước các kiểu tấn công phổ biến và thiết kế để hệ thống xử lý sự cố an toàn.",
        ["Kiểm tra dữ liệu đầu vào", "Xác thực và quản lý khóa bí mật", "Xử lý sự cố một cách an toàn"],
      ],
    },
    architecture: {
      en: [
        "Deep dive: architecture at scale",
        "Design {topic} systems that grow: modules, boundaries, data flow and trade-offs.",
        ["Layering and boundaries", "Data flow and state", "Evaluating trade-offs"],
      ],
      vi: [
        "Chuyên sâu: kiến trúc hệ thống quy mô lớn",
        "Thiết kế hệ thống {topic} có thể mở rộng: phân chia module, ranh giới, luồng dữ liệu và các đánh đổi.",
        ["Phân lớp và ranh giới", "Luồng dữ liệu và trạng thái", "Đánh giá các phương án đánh đổi"],
      ],
    },
    deployment: {
      en: [
        "Deployment and sharing your work",
        "Package your {topic} project, publish it online and keep it running for real users.",
        ["Preparing for release", "Publishing your application", "Monitoring and updates"],
      ],
      vi: [
        "Triển khai và chia sẻ sản phẩm",
        "Đóng gói dự án {topic}, đưa lên mạng và duy trì hoạt động ổn định cho người dùng thật.",
        ["Chuẩn bị phát hành", "Đưa ứng dụng lên mạng", "Theo dõi và cập nhật"],
      ],
    },
    review: {
      weight: 0.8,
      en: [
        "Review and next steps",
        "Bring together everything you learned about {topic} and plan what to build next.",
        ["Course recap", "Mini project showcase", "Where to go from here"],
      ],
      vi: [
        "Tổng kết và bước tiếp theo",
        "Tổng hợp mọi kiến thức về {topic} bạn đã học và lên kế hoạch cho sản phẩm tiếp theo.",
        ["Tóm tắt khóa học", "Trình bày dự án nhỏ", "Hướng đi tiếp theo"],
      ],
    },
    capstone: {
      weight: 1.4,
      en: [
        "Capstone project",
        "Design, build, test and ship a substantial {topic} project that showcases your skills.",
        ["Scoping the capstone", "Building and testing", "Presenting and reviewing"],
      ],
      vi: [
        "Dự án tổng kết (capstone)",
        "Thiết kế, xây dựng, kiểm thử và phát hành một dự án {topic} quy mô để thể hiện năng lực của bạn.",
        ["Xác định phạm vi dự án", "Xây dựng và kiểm thử", "Trình bày và đánh giá"],
      ],
    },
  },
  paths: {
    beginner: {
      core: [
        ["setup", 5],
        ["fundamentals", 1],
        ["control", 3],
        ["functions", 4],
        ["data", 7],
        ["project", 2],
        ["testing", 6],
        ["async", 9],
        ["deployment", 8],
      ],
      final: "review",
    },
    intermediate: {
      core: [
        ["refresher", 1],
        ["functions", 6],
        ["data", 2],
        ["design", 4],
        ["async", 5],
        ["testing", 3],
        ["performance", 8],
        ["security", 9],
        ["deployment", 7],
      ],
      final: "project",
    },
    advanced: {
      core: [
        ["architecture", 1],
        ["design", 5],
        ["performance", 2],
        ["security", 3],
        ["async", 6],
        ["data", 8],
        ["testing", 4],
        ["deployment", 7],
        ["project", 9],
      ],
      final: "capstone",
    },
  },
};

const LANGUAGE: CategoryPlan = {
  modules: {
    orientation: {
      weight: 0.8,
      en: [
        "Getting started with {topic}",
        "Set your goals, learn how the course works and build a daily study habit for {topic}.",
        [
          "Setting your learning goals",
          "How to study a language effectively",
          "Your first words and greetings",
        ],
      ],
      vi: [
        "Bắt đầu với {topic}",
        "Đặt mục tiêu, tìm hiểu cách học của khóa và xây dựng thói quen học {topic} mỗi ngày.",
        ["Đặt mục tiêu học tập", "Cách học ngoại ngữ hiệu quả", "Những từ và lời chào đầu tiên"],
      ],
    },
    refresher: {
      weight: 0.8,
      en: [
        "Refresher: grammar and vocabulary review",
        "Review the essential {topic} grammar and vocabulary before moving to more demanding material.",
        ["Key tenses review", "High-frequency vocabulary review", "Fixing common mistakes"],
      ],
      vi: [
        "Ôn tập ngữ pháp và từ vựng",
        "Ôn lại ngữ pháp và từ vựng {topic} thiết yếu trước khi chuyển sang nội dung khó hơn.",
        ["Ôn tập các thì quan trọng", "Ôn tập từ vựng thông dụng", "Sửa các lỗi thường gặp"],
      ],
    },
    pronunciation: {
      en: [
        "Pronunciation and sounds",
        "Master the sounds, stress and intonation of {topic} so people understand you clearly.",
        ["The sound system", "Word stress and rhythm", "Intonation in questions and answers"],
      ],
      vi: [
        "Phát âm và ngữ âm",
        "Nắm vững âm, trọng âm và ngữ điệu của {topic} để người nghe hiểu bạn rõ ràng.",
        ["Hệ thống âm", "Trọng âm và nhịp điệu", "Ngữ điệu trong câu hỏi và câu trả lời"],
      ],
    },
    vocabulary: {
      en: [
        "Core vocabulary for everyday life",
        "Learn and remember the most useful {topic} words for family, work, food, travel and daily routines.",
        ["Family, home and daily routines", "Food, shopping and numbers", "Memory techniques for new words"],
      ],
      vi: [
        "Từ vựng thiết yếu cho cuộc sống hằng ngày",
        "Học và ghi nhớ những từ {topic} hữu ích nhất về gia đình, công việc, ăn uống, du lịch và sinh hoạt hằng ngày.",
        ["Gia đình, nhà cửa và sinh hoạt hằng ngày", "Ăn uống, mua sắm và con số", "Mẹo ghi nhớ từ mới"],
      ],
    },
    grammar: {
      en: [
        "Grammar foundations",
        "Build correct {topic} sentences with the key tenses, questions and sentence patterns.",
        ["Sentence structure", "Present and past tenses", "Asking and answering questions"],
      ],
      vi: [
        "Ngữ pháp nền tảng",
        "Đặt câu {topic} chính xác với các thì quan trọng, câu hỏi và mẫu câu cơ bản.",
        ["Cấu trúc câu", "Thì hiện tại và quá khứ", "Đặt câu hỏi và trả lời"],
      ],
    },
    listening: {
      en: [
        "Listening and reading skills",
        "Understand real {topic} conversations, short articles and announcements with proven strategies.",
        ["Listening for the main idea", "Listening for details", "Reading short texts"],
      ],
      vi: [
        "Kỹ năng nghe và đọc",
        "Hiểu các đoạn hội thoại, bài báo ngắn và thông báo thực tế bằng {topic} với những chiến lược hiệu quả.",
        ["Nghe ý chính", "Nghe chi tiết", "Đọc hiểu văn bản ngắn"],
      ],
    },
    conversation: {
      en: [
        "Conversation practice",
        "Practise real-life {topic} conversations: introductions, small talk, asking for help and giving opinions.",
        ["Introducing yourself", "Small talk and everyday situations", "Expressing opinions politely"],
      ],
      vi: [
        "Luyện hội thoại",
        "Thực hành các tình huống giao tiếp {topic} thực tế: giới thiệu bản thân, trò chuyện xã giao, nhờ giúp đỡ và bày tỏ ý kiến.",
        [
          "Giới thiệu bản thân",
          "Trò chuyện trong các tình huống hằng ngày",
          "Bày tỏ ý kiến một cách lịch sự",
        ],
      ],
    },
    writing: {
      en: [
        "Writing with confidence",
        "Write clear {topic} messages, emails and short paragraphs with correct structure.",
        ["Writing short messages", "Writing emails", "Paragraphs that flow"],
      ],
      vi: [
        "Tự tin viết",
        "Viết tin nhắn, email và đoạn văn ngắn bằng {topic} rõ ràng, đúng cấu trúc.",
        ["Viết tin nhắn ngắn", "Viết email", "Viết đoạn văn mạch lạc"],
      ],
    },
    culture: {
      en: [
        "Culture and real-world usage",
        "Discover the customs, idioms and etiquette behind {topic} so you sound natural.",
        ["Customs and etiquette", "Common idioms and expressions", "Formal and informal language"],
      ],
      vi: [
        "Văn hóa và cách dùng thực tế",
        "Khám phá phong tục, thành ngữ và phép lịch sự gắn với {topic} để bạn nói tự nhiên hơn.",
        [
          "Phong tục và phép lịch sự",
          "Thành ngữ và cách diễn đạt thông dụng",
          "Ngôn ngữ trang trọng và thân mật",
        ],
      ],
    },
    advancedGrammar: {
      en: [
        "Deep dive: advanced grammar",
        "Use conditionals, the passive voice, reported speech and complex sentences accurately in {topic}.",
        ["Conditionals", "Passive voice and reported speech", "Complex sentences and linking words"],
      ],
      vi: [
        "Chuyên sâu: ngữ pháp nâng cao",
        "Sử dụng chính xác câu điều kiện, câu bị động, câu gián tiếp và câu phức trong {topic}.",
        ["Câu điều kiện", "Câu bị động và câu gián tiếp", "Câu phức và từ nối"],
      ],
    },
    fluency: {
      en: [
        "Deep dive: fluency and nuance",
        "Speak {topic} fluently in discussions and debates, choosing words with the right tone and nuance.",
        ["Discussions and debates", "Collocations and nuance", "Thinking on your feet"],
      ],
      vi: [
        "Chuyên sâu: lưu loát và sắc thái",
        "Nói {topic} lưu loát khi thảo luận, tranh luận và chọn từ đúng giọng điệu, sắc thái.",
        ["Thảo luận và tranh luận", "Cụm từ cố định và sắc thái nghĩa", "Phản xạ nói nhanh"],
      ],
    },
    professional: {
      en: [
        "Language for work and study",
        "Present, negotiate and write reports in {topic} for professional and academic settings.",
        ["Giving presentations", "Meetings and negotiations", "Reports and academic writing"],
      ],
      vi: [
        "Ngôn ngữ cho công việc và học thuật",
        "Thuyết trình, đàm phán và viết báo cáo bằng {topic} trong môi trường công việc và học thuật.",
        ["Thuyết trình", "Họp và đàm phán", "Viết báo cáo và bài học thuật"],
      ],
    },
    review: {
      weight: 0.8,
      en: [
        "Review and speaking check",
        "Review everything you learned in {topic} and show your progress in a short speaking task.",
        ["Course recap", "Speaking task", "Planning your next steps"],
      ],
      vi: [
        "Tổng kết và kiểm tra nói",
        "Ôn lại toàn bộ kiến thức {topic} đã học và thể hiện sự tiến bộ qua một bài nói ngắn.",
        ["Tóm tắt khóa học", "Bài nói thực hành", "Lên kế hoạch học tiếp"],
      ],
    },
    capstone: {
      weight: 1.4,
      en: [
        "Capstone: real-world communication project",
        "Plan and deliver a presentation, interview or written project entirely in {topic}.",
        ["Choosing your project", "Preparing and rehearsing", "Delivering and getting feedback"],
      ],
      vi: [
        "Dự án tổng kết: giao tiếp thực tế",
        "Lên kế hoạch và thực hiện một bài thuyết trình, buổi phỏng vấn hoặc dự án viết hoàn toàn bằng {topic}.",
        ["Chọn đề tài dự án", "Chuẩn bị và luyện tập", "Trình bày và nhận phản hồi"],
      ],
    },
  },
  paths: {
    beginner: {
      core: [
        ["orientation", 4],
        ["pronunciation", 3],
        ["vocabulary", 1],
        ["grammar", 2],
        ["listening", 6],
        ["conversation", 5],
        ["writing", 8],
        ["culture", 7],
      ],
      final: "review",
    },
    intermediate: {
      core: [
        ["refresher", 1],
        ["listening", 3],
        ["conversation", 2],
        ["writing", 4],
        ["advancedGrammar", 5],
        ["culture", 6],
        ["professional", 7],
        ["fluency", 8],
      ],
      final: "capstone",
    },
    advanced: {
      core: [
        ["advancedGrammar", 1],
        ["fluency", 2],
        ["listening", 6],
        ["writing", 4],
        ["culture", 5],
        ["professional", 3],
      ],
      final: "capstone",
    },
  },
};

const BUSINESS: CategoryPlan = {
  modules: {
    foundations: {
      weight: 0.8,
      en: [
        "Business foundations for {topic}",
        "Understand the business model, key terms and the opportunity behind {topic}.",
        ["What makes a business work", "Business models explained", "Key terms and metrics"],
      ],
      vi: [
        "Nền tảng kinh doanh cho {topic}",
        "Hiểu mô hình kinh doanh, các thuật ngữ chính và cơ hội đằng sau {topic}.",
        [
          "Điều gì giúp doanh nghiệp vận hành",
          "Giải thích các mô hình kinh doanh",
          "Thuật ngữ và chỉ số quan trọng",
        ],
      ],
    },
    refresher: {
      weight: 0.8,
      en: [
        "Refresher: business essentials",
        "Review the essential concepts of {topic} so you can focus on execution.",
        ["Business model recap", "Key numbers recap", "Common early-stage mistakes"],
      ],
      vi: [
        "Ôn tập: kiến thức kinh doanh cốt lõi",
        "Ôn lại những khái niệm thiết yếu của {topic} để tập trung vào thực thi.",
        [
          "Ôn lại mô hình kinh doanh",
          "Ôn lại các con số quan trọng",
          "Những sai lầm thường gặp khi mới bắt đầu",
        ],
      ],
    },
    strategy: {
      en: [
        "Deep dive: competitive strategy",
        "Build lasting advantages for {topic} with positioning, partnerships and innovation.",
        ["Competitive advantage", "Partnerships and ecosystems", "Innovation and risk management"],
      ],
      vi: [
        "Chuyên sâu: chiến lược cạnh tranh",
        "Tạo lợi thế bền vững cho {topic} bằng định vị, hợp tác và đổi mới.",
        ["Lợi thế cạnh tranh", "Hợp tác và hệ sinh thái", "Đổi mới và quản trị rủi ro"],
      ],
    },
    research: {
      en: [
        "Market research and customers",
        "Identify your target customers, study competitors and validate demand for {topic}.",
        ["Defining your target customer", "Analysing competitors", "Validating demand with real people"],
      ],
      vi: [
        "Nghiên cứu thị trường và khách hàng",
        "Xác định khách hàng mục tiêu, phân tích đối thủ và kiểm chứng nhu cầu cho {topic}.",
        [
          "Xác định khách hàng mục tiêu",
          "Phân tích đối thủ cạnh tranh",
          "Kiểm chứng nhu cầu với khách hàng thật",
        ],
      ],
    },
    planning: {
      en: [
        "Strategy and business planning",
        "Turn your {topic} idea into a clear plan with goals, a value proposition and milestones.",
        ["Crafting a value proposition", "Setting SMART goals", "Writing a one-page business plan"],
      ],
      vi: [
        "Chiến lược và lập kế hoạch kinh doanh",
        "Biến ý tưởng {topic} thành kế hoạch rõ ràng với mục tiêu, tuyên bố giá trị và các cột mốc.",
        ["Xây dựng tuyên bố giá trị", "Đặt mục tiêu SMART", "Viết kế hoạch kinh doanh một trang"],
      ],
    },
    finance: {
      en: [
        "Finance, pricing and budgeting",
        "Set prices, build a simple budget and read the numbers that keep {topic} profitable.",
        ["Costs, revenue and profit", "Pricing strategies", "Cash flow and budgeting"],
      ],
      vi: [
        "Tài chính, định giá và ngân sách",
        "Định giá sản phẩm, lập ngân sách đơn giản và đọc các con số giúp {topic} có lãi.",
        ["Chi phí, doanh thu và lợi nhuận", "Chiến lược định giá", "Dòng tiền và ngân sách"],
      ],
    },
    financeAdvanced: {
      en: [
        "Deep dive: financial analysis and investment",
        "Read financial statements, forecast scenarios and decide how to fund {topic}.",
        ["Reading financial statements", "Forecasting and scenarios", "Funding options and investors"],
      ],
      vi: [
        "Chuyên sâu: phân tích tài chính và đầu tư",
        "Đọc báo cáo tài chính, dự báo các kịch bản và quyết định cách huy động vốn cho {topic}.",
        ["Đọc báo cáo tài chính", "Dự báo và lập kịch bản", "Các lựa chọn gọi vốn và nhà đầu tư"],
      ],
    },
    marketing: {
      en: [
        "Marketing and sales",
        "Reach the right customers for {topic} through branding, content, social media and a simple sales process.",
        ["Branding and positioning", "Content and social media marketing", "Turning leads into customers"],
      ],
      vi: [
        "Marketing và bán hàng",
        "Tiếp cận đúng khách hàng cho {topic} bằng thương hiệu, nội dung, mạng xã hội và quy trình bán hàng đơn giản.",
        [
          "Thương hiệu và định vị",
          "Marketing nội dung và mạng xã hội",
          "Biến khách hàng tiềm năng thành khách hàng",
        ],
      ],
    },
    growth: {
      en: [
        "Deep dive: growth and scaling",
        "Use data, experiments and new channels to grow {topic} sustainably.",
        ["Growth metrics and funnels", "Running experiments", "Scaling to new markets"],
      ],
      vi: [
        "Chuyên sâu: tăng trưởng và mở rộng quy mô",
        "Sử dụng dữ liệu, thử nghiệm và kênh mới để phát triển {topic} bền vững.",
        ["Chỉ số tăng trưởng và phễu chuyển đổi", "Thực hiện thử nghiệm", "Mở rộng sang thị trường mới"],
      ],
    },
    operations: {
      en: [
        "Operations and customer service",
        "Run {topic} smoothly day to day with clear processes, the right tools and great customer service.",
        ["Designing simple processes", "Tools and automation", "Delivering great customer service"],
      ],
      vi: [
        "Vận hành và chăm sóc khách hàng",
        "Vận hành {topic} trơn tru mỗi ngày với quy trình rõ ràng, công cụ phù hợp và dịch vụ khách hàng chu đáo.",
        ["Thiết kế quy trình đơn giản", "Công cụ và tự động hóa", "Chăm sóc khách hàng tận tâm"],
      ],
    },
    legal: {
      en: [
        "Legal and administrative basics",
        "Cover registration, contracts, taxes and the paperwork every {topic} venture needs.",
        ["Registering a business", "Contracts and agreements", "Taxes and record keeping"],
      ],
      vi: [
        "Pháp lý và thủ tục hành chính cơ bản",
        "Nắm rõ đăng ký kinh doanh, hợp đồng, thuế và các giấy tờ cần thiết cho {topic}.",
        ["Đăng ký kinh doanh", "Hợp đồng và thỏa thuận", "Thuế và sổ sách kế toán"],
      ],
    },
    team: {
      en: [
        "Leadership and teamwork",
        "Hire, lead and motivate the people who help {topic} grow.",
        ["Hiring the right people", "Leading and delegating", "Building a healthy culture"],
      ],
      vi: [
        "Lãnh đạo và làm việc nhóm",
        "Tuyển dụng, dẫn dắt và tạo động lực cho những người giúp {topic} phát triển.",
        ["Tuyển đúng người", "Lãnh đạo và giao việc", "Xây dựng văn hóa lành mạnh"],
      ],
    },
    review: {
      weight: 0.8,
      en: [
        "Review and action plan",
        "Summarise what you learned about {topic} and leave with a 90-day action plan.",
        ["Course recap", "Building your 90-day plan", "Resources and next steps"],
      ],
      vi: [
        "Tổng kết và kế hoạch hành động",
        "Tóm tắt những gì đã học về {topic} và xây dựng kế hoạch hành động 90 ngày.",
        ["Tóm tắt khóa học", "Xây dựng kế hoạch 90 ngày", "Tài nguyên và bước tiếp theo"],
      ],
    },
    capstone: {
      weight: 1.4,
      en: [
        "Capstone: business plan and pitch",
        "Build a complete plan for {topic} and pitch it for feedback as if to investors.",
        ["Assembling the business plan", "Preparing the pitch deck", "Pitching and feedback"],
      ],
      vi: [
        "Dự án tổng kết: kế hoạch kinh doanh và gọi vốn",
        "Hoàn thiện kế hoạch cho {topic} và thuyết trình gọi vốn như trước nhà đầu tư để nhận góp ý.",
        ["Hoàn thiện kế hoạch kinh doanh", "Chuẩn bị bài thuyết trình gọi vốn", "Thuyết trình và nhận góp ý"],
      ],
    },
  },
  paths: {
    beginner: {
      core: [
        ["foundations", 1],
        ["research", 2],
        ["planning", 4],
        ["finance", 3],
        ["marketing", 5],
        ["operations", 6],
        ["legal", 7],
        ["team", 8],
      ],
      final: "review",
    },
    intermediate: {
      core: [
        ["refresher", 1],
        ["research", 5],
        ["planning", 2],
        ["finance", 3],
        ["marketing", 4],
        ["growth", 8],
        ["operations", 6],
        ["legal", 9],
        ["team", 7],
      ],
      final: "capstone",
    },
    advanced: {
      core: [
        ["strategy", 1],
        ["research", 7],
        ["financeAdvanced", 2],
        ["growth", 3],
        ["marketing", 5],
        ["operations", 6],
        ["legal", 8],
        ["team", 4],
      ],
      final: "capstone",
    },
  },
};

const CREATIVE: CategoryPlan = {
  modules: {
    tools: {
      weight: 0.8,
      en: [
        "Tools and materials for {topic}",
        "Choose and set up the tools, materials and workspace you need for {topic}.",
        ["Choosing your tools", "Setting up your workspace", "Caring for your tools and files"],
      ],
      vi: [
        "Dụng cụ và chất liệu cho {topic}",
        "Chọn và chuẩn bị dụng cụ, chất liệu và không gian làm việc cần thiết cho {topic}.",
        ["Chọn dụng cụ phù hợp", "Chuẩn bị không gian sáng tạo", "Bảo quản dụng cụ và tệp tin"],
      ],
    },
    refresher: {
      weight: 0.8,
      en: [
        "Refresher: fundamentals in practice",
        "Warm up with quick exercises that revisit the fundamentals of {topic}.",
        ["Warm-up exercises", "Fundamentals recap", "Spotting weak points"],
      ],
      vi: [
        "Ôn tập: vận dụng kiến thức nền tảng",
        "Khởi động bằng các bài tập nhanh để ôn lại kiến thức nền tảng của {topic}.",
        ["Bài tập khởi động", "Ôn lại kiến thức nền tảng", "Nhận ra điểm cần cải thiện"],
      ],
    },
    basics: {
      en: [
        "Seeing like an artist: core principles",
        "Learn the principles of shape, line, colour and light that every {topic} piece relies on.",
        ["Shape and line", "Colour basics", "Light and shadow"],
      ],
      vi: [
        "Nhìn như người nghệ sĩ: nguyên lý cốt lõi",
        "Học các nguyên lý về hình khối, đường nét, màu sắc và ánh sáng mà mọi tác phẩm {topic} đều dựa vào.",
        ["Hình khối và đường nét", "Màu sắc cơ bản", "Ánh sáng và bóng đổ"],
      ],
    },
    techniques: {
      en: [
        "Essential techniques",
        "Practise the core {topic} techniques step by step until they feel natural.",
        ["Technique demonstrations", "Guided exercises", "Common mistakes and fixes"],
      ],
      vi: [
        "Kỹ thuật thiết yếu",
        "Luyện tập từng bước các kỹ thuật {topic} cốt lõi cho đến khi thành thạo.",
        ["Trình diễn kỹ thuật", "Bài tập có hướng dẫn", "Lỗi thường gặp và cách khắc phục"],
      ],
    },
    advancedTechniques: {
      en: [
        "Deep dive: advanced techniques",
        "Push your {topic} skills further with the advanced methods professionals use.",
        ["Professional workflows", "Advanced methods in detail", "Combining techniques"],
      ],
      vi: [
        "Chuyên sâu: kỹ thuật nâng cao",
        "Nâng cao kỹ năng {topic} với các phương pháp mà người làm chuyên nghiệp sử dụng.",
        [
          "Quy trình làm việc chuyên nghiệp",
          "Phân tích chi tiết kỹ thuật nâng cao",
          "Kết hợp nhiều kỹ thuật",
        ],
      ],
    },
    concept: {
      en: [
        "Deep dive: concept and art direction",
        "Develop strong concepts and a coherent artistic direction for {topic} projects.",
        ["Research and mood boards", "Developing concepts", "Art direction and consistency"],
      ],
      vi: [
        "Chuyên sâu: ý tưởng và định hướng nghệ thuật",
        "Phát triển ý tưởng mạnh và định hướng nghệ thuật nhất quán cho các dự án {topic}.",
        ["Nghiên cứu và mood board", "Phát triển ý tưởng", "Định hướng nghệ thuật và tính nhất quán"],
      ],
    },
    composition: {
      en: [
        "Composition and storytelling",
        "Arrange elements with balance, focus and rhythm so your {topic} work tells a story.",
        ["Balance and focal points", "Rhythm and movement", "Telling a story with your work"],
      ],
      vi: [
        "Bố cục và kể chuyện",
        "Sắp xếp các yếu tố cân bằng, có điểm nhấn và nhịp điệu để tác phẩm {topic} kể được câu chuyện.",
        ["Cân bằng và điểm nhấn", "Nhịp điệu và chuyển động", "Kể chuyện qua tác phẩm"],
      ],
    },
    style: {
      en: [
        "Finding your style",
        "Study inspiring work, experiment freely and develop a personal voice in {topic}.",
        ["Learning from great work", "Experimenting with styles", "Developing your personal voice"],
      ],
      vi: [
        "Tìm phong cách riêng",
        "Nghiên cứu các tác phẩm truyền cảm hứng, tự do thử nghiệm và phát triển dấu ấn cá nhân trong {topic}.",
        ["Học hỏi từ tác phẩm hay", "Thử nghiệm nhiều phong cách", "Phát triển dấu ấn cá nhân"],
      ],
    },
    project: {
      weight: 1.2,
      en: [
        "Guided creative project",
        "Take a {topic} piece from idea and sketches to a finished work with feedback along the way.",
        ["From idea to sketches", "Creating the piece", "Refining with feedback"],
      ],
      vi: [
        "Dự án sáng tạo có hướng dẫn",
        "Hoàn thành một tác phẩm {topic} từ ý tưởng, phác thảo đến thành phẩm, có góp ý trong suốt quá trình.",
        ["Từ ý tưởng đến phác thảo", "Thực hiện tác phẩm", "Hoàn thiện qua góp ý"],
      ],
    },
    critique: {
      en: [
        "Critique and improvement",
        "Give and receive useful feedback and turn it into visible progress in your {topic} work.",
        ["How to critique constructively", "Self-review checklists", "Iterating on your work"],
      ],
      vi: [
        "Nhận xét và cải thiện",
        "Đưa ra và tiếp nhận góp ý hữu ích, biến chúng thành tiến bộ rõ rệt trong tác phẩm {topic}.",
        ["Cách nhận xét mang tính xây dựng", "Bảng tự đánh giá", "Chỉnh sửa và cải thiện tác phẩm"],
      ],
    },
    portfolio: {
      en: [
        "Building your portfolio",
        "Select, present and share your best {topic} work to attract an audience or clients.",
        ["Selecting your best pieces", "Presenting your work", "Sharing online"],
      ],
      vi: [
        "Xây dựng portfolio",
        "Chọn lọc, trình bày và chia sẻ những tác phẩm {topic} tốt nhất để thu hút người xem hoặc khách hàng.",
        ["Chọn lọc tác phẩm tiêu biểu", "Trình bày tác phẩm", "Chia sẻ trực tuyến"],
      ],
    },
    income: {
      en: [
        "Turning {topic} into income",
        "Price your work, find clients and sell {topic} products or services.",
        ["Pricing creative work", "Finding clients and commissions", "Selling online"],
      ],
      vi: [
        "Kiếm thu nhập từ {topic}",
        "Định giá tác phẩm, tìm khách hàng và bán sản phẩm hoặc dịch vụ {topic}.",
        ["Định giá tác phẩm sáng tạo", "Tìm khách hàng và đơn đặt hàng", "Bán hàng trực tuyến"],
      ],
    },
    review: {
      weight: 0.8,
      en: [
        "Showcase and next steps",
        "Share your finished {topic} work, reflect on your growth and plan your next project.",
        ["Preparing your showcase", "Reflecting on your progress", "Planning your next project"],
      ],
      vi: [
        "Trưng bày và bước tiếp theo",
        "Chia sẻ tác phẩm {topic} đã hoàn thành, nhìn lại sự tiến bộ và lên kế hoạch cho dự án tiếp theo.",
        ["Chuẩn bị buổi trưng bày", "Nhìn lại sự tiến bộ", "Lên kế hoạch dự án tiếp theo"],
      ],
    },
    capstone: {
      weight: 1.4,
      en: [
        "Capstone: a portfolio-ready body of work",
        "Plan and produce a cohesive series of {topic} pieces ready for your portfolio.",
        ["Planning the series", "Production", "Final presentation and critique"],
      ],
      vi: [
        "Dự án tổng kết: bộ tác phẩm cho portfolio",
        "Lên kế hoạch và thực hiện một loạt tác phẩm {topic} thống nhất, sẵn sàng cho portfolio.",
        ["Lên kế hoạch cho bộ tác phẩm", "Thực hiện tác phẩm", "Trình bày và nhận xét cuối khóa"],
      ],
    },
  },
  paths: {
    beginner: {
      core: [
        ["tools", 2],
        ["basics", 1],
        ["techniques", 3],
        ["composition", 4],
        ["style", 7],
        ["project", 5],
        ["critique", 6],
        ["portfolio", 8],
      ],
      final: "review",
    },
    intermediate: {
      core: [
        ["refresher", 1],
        ["advancedTechniques", 6],
        ["composition", 2],
        ["style", 4],
        ["project", 3],
        ["critique", 5],
        ["portfolio", 7],
        ["income", 8],
      ],
      final: "capstone",
    },
    advanced: {
      core: [
        ["advancedTechniques", 1],
        ["concept", 2],
        ["composition", 7],
        ["style", 4],
        ["critique", 5],
        ["portfolio", 3],
        ["income", 6],
      ],
      final: "capstone",
    },
  },
};

const SCIENCE: CategoryPlan = {
  modules: {
    intro: {
      weight: 0.8,
      en: [
        "Introduction to {topic}",
        "See what {topic} studies, why it matters and how scientists think.",
        ["What this field studies", "How scientists think", "Safety and lab basics"],
      ],
      vi: [
        "Giới thiệu về {topic}",
        "Tìm hiểu {topic} nghiên cứu điều gì, vì sao quan trọng và cách các nhà khoa học tư duy.",
        [
          "Lĩnh vực này nghiên cứu gì",
          "Tư duy của nhà khoa học",
          "An toàn và kiến thức phòng thí nghiệm cơ bản",
        ],
      ],
    },
    refresher: {
      weight: 0.8,
      en: [
        "Refresher: key principles",
        "Revisit the key principles of {topic} and close any gaps before going deeper.",
        ["Key principles recap", "Common misconceptions", "Practice problems"],
      ],
      vi: [
        "Ôn tập: nguyên lý then chốt",
        "Ôn lại các nguyên lý then chốt của {topic} và lấp các lỗ hổng kiến thức trước khi học sâu hơn.",
        ["Ôn lại nguyên lý then chốt", "Những hiểu lầm phổ biến", "Bài tập luyện tập"],
      ],
    },
    concepts: {
      en: [
        "Core concepts",
        "Build a clear understanding of the key ideas, terms and laws of {topic}.",
        ["Key terms and definitions", "Fundamental laws and principles", "Models and diagrams"],
      ],
      vi: [
        "Khái niệm cốt lõi",
        "Hiểu rõ các ý tưởng, thuật ngữ và định luật quan trọng của {topic}.",
        ["Thuật ngữ và định nghĩa chính", "Các định luật và nguyên lý cơ bản", "Mô hình và sơ đồ"],
      ],
    },
    theory: {
      en: [
        "Deep dive: advanced theory",
        "Explore the advanced theories of {topic} and how they extend the fundamentals.",
        ["Beyond the basics", "Advanced theories in detail", "Limits of current models"],
      ],
      vi: [
        "Chuyên sâu: lý thuyết nâng cao",
        "Khám phá các lý thuyết nâng cao của {topic} và cách chúng mở rộng kiến thức nền tảng.",
        [
          "Vượt ra ngoài kiến thức cơ bản",
          "Phân tích chi tiết lý thuyết nâng cao",
          "Giới hạn của các mô hình hiện tại",
        ],
      ],
    },
    method: {
      en: [
        "The scientific method",
        "Ask testable questions, form hypotheses and design fair tests in {topic}.",
        ["Asking testable questions", "Forming hypotheses", "Designing a fair test"],
      ],
      vi: [
        "Phương pháp khoa học",
        "Đặt câu hỏi có thể kiểm chứng, xây dựng giả thuyết và thiết kế thí nghiệm công bằng trong {topic}.",
        ["Đặt câu hỏi có thể kiểm chứng", "Xây dựng giả thuyết", "Thiết kế thí nghiệm đối chứng"],
      ],
    },
    experiments: {
      en: [
        "Experiments and observation",
        "Carry out guided {topic} experiments safely and record careful observations.",
        ["Planning an experiment", "Running the experiment", "Recording observations"],
      ],
      vi: [
        "Thí nghiệm và quan sát",
        "Thực hiện an toàn các thí nghiệm {topic} có hướng dẫn và ghi chép quan sát cẩn thận.",
        ["Lên kế hoạch thí nghiệm", "Tiến hành thí nghiệm", "Ghi chép kết quả quan sát"],
      ],
    },
    data: {
      en: [
        "Data analysis and graphs",
        "Organise measurements, draw graphs and reach sound conclusions from {topic} data.",
        ["Tables and units", "Drawing and reading graphs", "Drawing conclusions from data"],
      ],
      vi: [
        "Phân tích dữ liệu và đồ thị",
        "Sắp xếp số liệu đo, vẽ đồ thị và rút ra kết luận chính xác từ dữ liệu {topic}.",
        ["Bảng số liệu và đơn vị", "Vẽ và đọc đồ thị", "Rút ra kết luận từ dữ liệu"],
      ],
    },
    modelling: {
      en: [
        "Deep dive: models and quantitative analysis",
        "Build mathematical and computer models of {topic} phenomena and test their predictions.",
        ["Mathematical models", "Simulations", "Testing predictions against data"],
      ],
      vi: [
        "Chuyên sâu: mô hình hóa và phân tích định lượng",
        "Xây dựng mô hình toán học và mô phỏng máy tính cho các hiện tượng {topic} rồi kiểm chứng dự đoán.",
        ["Mô hình toán học", "Mô phỏng trên máy tính", "Đối chiếu dự đoán với dữ liệu"],
      ],
    },
    problems: {
      en: [
        "Problem solving and calculations",
        "Solve typical {topic} problems step by step with units, formulas and estimation.",
        [
          "Working with units and formulas",
          "Step-by-step problem solving",
          "Estimation and checking answers",
        ],
      ],
      vi: [
        "Giải bài tập và tính toán",
        "Giải từng bước các bài tập {topic} điển hình với đơn vị, công thức và ước lượng.",
        ["Làm việc với đơn vị và công thức", "Giải bài tập từng bước", "Ước lượng và kiểm tra kết quả"],
      ],
    },
    applications: {
      en: [
        "Real-world applications",
        "Connect {topic} to technology, health, the environment and everyday life.",
        ["Science in everyday life", "Technology and industry", "Environment and society"],
      ],
      vi: [
        "Ứng dụng thực tế",
        "Liên hệ {topic} với công nghệ, sức khỏe, môi trường và đời sống hằng ngày.",
        ["Khoa học trong đời sống", "Công nghệ và công nghiệp", "Môi trường và xã hội"],
      ],
    },
    research: {
      en: [
        "Deep dive: current research",
        "Read research papers and explore open questions at the frontier of {topic}.",
        ["How to read a research paper", "Recent discoveries", "Open questions"],
      ],
      vi: [
        "Chuyên sâu: nghiên cứu hiện nay",
        "Đọc bài báo khoa học và khám phá những câu hỏi còn bỏ ngỏ ở tuyến đầu của {topic}.",
        ["Cách đọc một bài báo khoa học", "Những khám phá gần đây", "Các câu hỏi còn bỏ ngỏ"],
      ],
    },
    review: {
      weight: 0.8,
      en: [
        "Review and reflection",
        "Summarise the big ideas of {topic} and check your understanding before moving on.",
        ["Big ideas recap", "Practice questions", "Next steps in science"],
      ],
      vi: [
        "Tổng kết và suy ngẫm",
        "Tóm tắt những ý tưởng lớn của {topic} và kiểm tra mức độ hiểu bài trước khi học tiếp.",
        ["Tóm tắt các ý tưởng lớn", "Câu hỏi luyện tập", "Bước tiếp theo trên hành trình khoa học"],
      ],
    },
    capstone: {
      weight: 1.4,
      en: [
        "Capstone: independent investigation",
        "Design, run and present your own {topic} investigation from question to conclusion.",
        ["Choosing a research question", "Collecting and analysing data", "Presenting your findings"],
      ],
      vi: [
        "Dự án tổng kết: nghiên cứu độc lập",
        "Tự thiết kế, thực hiện và trình bày một nghiên cứu {topic} từ câu hỏi đến kết luận.",
        ["Chọn câu hỏi nghiên cứu", "Thu thập và phân tích dữ liệu", "Trình bày kết quả"],
      ],
    },
  },
  paths: {
    beginner: {
      core: [
        ["intro", 2],
        ["concepts", 1],
        ["method", 4],
        ["experiments", 3],
        ["data", 5],
        ["problems", 6],
        ["applications", 7],
      ],
      final: "review",
    },
    intermediate: {
      core: [
        ["refresher", 1],
        ["method", 5],
        ["experiments", 3],
        ["data", 2],
        ["problems", 4],
        ["modelling", 7],
        ["theory", 8],
        ["applications", 6],
      ],
      final: "capstone",
    },
    advanced: {
      core: [
        ["theory", 1],
        ["modelling", 2],
        ["experiments", 5],
        ["data", 4],
        ["research", 3],
        ["applications", 6],
      ],
      final: "capstone",
    },
  },
};

const GENERAL: CategoryPlan = {
  modules: {
    intro: {
      weight: 0.8,
      en: [
        "Welcome to {topic}",
        "Get an overview of {topic}, what you will achieve and how to get the most from this course.",
        ["Course overview", "Setting your goals", "How to learn effectively"],
      ],
      vi: [
        "Chào mừng đến với {topic}",
        "Tổng quan về {topic}, những gì bạn sẽ đạt được và cách học hiệu quả nhất trong khóa học này.",
        ["Tổng quan khóa học", "Đặt mục tiêu cá nhân", "Cách học hiệu quả"],
      ],
    },
    refresher: {
      weight: 0.8,
      en: [
        "Refresher: the essentials",
        "Quickly review the essentials of {topic} before tackling more advanced material.",
        ["Essentials recap", "Self-assessment", "Filling the gaps"],
      ],
      vi: [
        "Ôn tập: kiến thức thiết yếu",
        "Ôn nhanh những kiến thức thiết yếu của {topic} trước khi học nội dung nâng cao.",
        ["Tóm tắt kiến thức thiết yếu", "Tự đánh giá", "Lấp lỗ hổng kiến thức"],
      ],
    },
    advanced: {
      en: [
        "Deep dive: advanced topics",
        "Explore advanced ideas and expert techniques in {topic}.",
        ["Advanced ideas", "Expert techniques", "Debates and open questions"],
      ],
      vi: [
        "Chuyên sâu: chủ đề nâng cao",
        "Khám phá các ý tưởng nâng cao và kỹ thuật chuyên gia trong {topic}.",
        ["Ý tưởng nâng cao", "Kỹ thuật của chuyên gia", "Tranh luận và câu hỏi mở"],
      ],
    },
    mastery: {
      en: [
        "Deep dive: mastery and efficiency",
        "Work faster and with higher quality in {topic} using expert workflows and feedback loops.",
        ["Expert workflows", "Quality checklists", "Continuous improvement"],
      ],
      vi: [
        "Chuyên sâu: thành thạo và hiệu quả",
        "Làm việc nhanh hơn, chất lượng hơn trong {topic} với quy trình chuyên gia và vòng phản hồi.",
        ["Quy trình của chuyên gia", "Danh sách kiểm tra chất lượng", "Cải tiến liên tục"],
      ],
    },
    foundations: {
      en: [
        "Key concepts and vocabulary",
        "Learn the essential ideas and terms you need to understand {topic}.",
        ["Essential terms", "Core ideas explained", "Connecting the ideas"],
      ],
      vi: [
        "Khái niệm và thuật ngữ then chốt",
        "Nắm vững những ý tưởng và thuật ngữ cần thiết để hiểu {topic}.",
        ["Thuật ngữ cần biết", "Giải thích các ý tưởng cốt lõi", "Kết nối các ý tưởng"],
      ],
    },
    methods: {
      en: [
        "Methods and techniques",
        "Learn the practical methods behind {topic} with clear, step-by-step demonstrations.",
        ["Step-by-step demonstrations", "Choosing the right method", "Tools that help"],
      ],
      vi: [
        "Phương pháp và kỹ thuật",
        "Học các phương pháp thực tế của {topic} qua hướng dẫn từng bước rõ ràng.",
        ["Hướng dẫn từng bước", "Chọn phương pháp phù hợp", "Công cụ hỗ trợ"],
      ],
    },
    practice: {
      en: [
        "Guided practice",
        "Apply what you have learned about {topic} in guided exercises with feedback.",
        ["Guided exercise", "Independent exercise", "Reviewing your work"],
      ],
      vi: [
        "Thực hành có hướng dẫn",
        "Vận dụng kiến thức {topic} đã học qua các bài tập có hướng dẫn và nhận xét.",
        ["Bài tập có hướng dẫn", "Bài tập tự làm", "Xem lại bài làm"],
      ],
    },
    mistakes: {
      en: [
        "Common mistakes and how to avoid them",
        "Recognise the mistakes people often make with {topic} and learn how to fix them.",
        ["The most common mistakes", "Why they happen", "Habits that prevent them"],
      ],
      vi: [
        "Lỗi thường gặp và cách tránh",
        "Nhận biết những lỗi hay mắc phải khi học {topic} và cách khắc phục.",
        ["Những lỗi phổ biến nhất", "Vì sao lỗi xảy ra", "Thói quen giúp phòng tránh lỗi"],
      ],
    },
    cases: {
      en: [
        "Case studies and examples",
        "Study real examples of {topic} in action and what made them succeed or fail.",
        ["Case study walkthrough", "What worked and why", "Lessons you can reuse"],
      ],
      vi: [
        "Tình huống và ví dụ thực tế",
        "Phân tích các ví dụ thực tế về {topic} và lý do chúng thành công hay thất bại.",
        ["Phân tích một tình huống", "Điều gì hiệu quả và vì sao", "Bài học có thể áp dụng"],
      ],
    },
    application: {
      en: [
        "Applying {topic} in real life",
        "Plan how to use {topic} in your work, studies or daily life.",
        ["Finding opportunities to apply it", "Making a personal plan", "Measuring your progress"],
      ],
      vi: [
        "Ứng dụng {topic} vào thực tế",
        "Lên kế hoạch áp dụng {topic} vào công việc, học tập hoặc cuộc sống hằng ngày.",
        ["Tìm cơ hội áp dụng", "Lập kế hoạch cá nhân", "Đo lường sự tiến bộ"],
      ],
    },
    review: {
      weight: 0.8,
      en: [
        "Review and next steps",
        "Recap the key lessons of {topic} and plan how to keep improving.",
        ["Course recap", "Final self-check", "Your next steps"],
      ],
      vi: [
        "Tổng kết và bước tiếp theo",
        "Tóm tắt những bài học chính của {topic} và lên kế hoạch tiếp tục tiến bộ.",
        ["Tóm tắt khóa học", "Tự kiểm tra cuối khóa", "Bước tiếp theo của bạn"],
      ],
    },
    capstone: {
      weight: 1.4,
      en: [
        "Capstone project",
        "Bring your {topic} skills together in a substantial final project.",
        ["Planning the project", "Doing the work", "Presenting and reflecting"],
      ],
      vi: [
        "Dự án tổng kết",
        "Kết hợp mọi kỹ năng {topic} trong một dự án cuối khóa quy mô.",
        ["Lên kế hoạch dự án", "Thực hiện dự án", "Trình bày và nhìn lại"],
      ],
    },
  },
  paths: {
    beginner: {
      core: [
        ["intro", 2],
        ["foundations", 1],
        ["methods", 3],
        ["practice", 4],
        ["mistakes", 5],
        ["cases", 6],
        ["application", 7],
      ],
      final: "review",
    },
    intermediate: {
      core: [
        ["refresher", 1],
        ["methods", 2],
        ["practice", 3],
        ["cases", 4],
        ["mistakes", 5],
        ["application", 6],
        ["advanced", 7],
      ],
      final: "capstone",
    },
    advanced: {
      core: [
        ["advanced", 1],
        ["mastery", 2],
        ["cases", 3],
        ["mistakes", 5],
        ["application", 4],
      ],
      final: "capstone",
    },
  },
};

const PLANS: Record<NonNullable<OutlineRequest["category"]> | "general", CategoryPlan> = {
  programming: PROGRAMMING,
  language: LANGUAGE,
  business: BUSINESS,
  creative: CREATIVE,
  science: SCIENCE,
  general: GENERAL,
};

/** Audience wording and target lesson length in minutes (children: short, playful lessons). */
const AUDIENCE_STYLE: Record<
  Audience,
  { lessonMinutes: number; en: { quiz: string; practice: string }; vi: { quiz: string; practice: string } }
> = {
  adults: {
    lessonMinutes: 12,
    en: { quiz: "Check your understanding", practice: "Hands-on practice" },
    vi: { quiz: "Kiểm tra hiểu bài", practice: "Thực hành" },
  },
  teenagers: {
    lessonMinutes: 10,
    en: { quiz: "Challenge quiz", practice: "Practice challenge" },
    vi: { quiz: "Thử thách nhanh", practice: "Thử thách thực hành" },
  },
  children: {
    lessonMinutes: 6,
    en: { quiz: "Fun quiz time", practice: "Play and practise" },
    vi: { quiz: "Giờ đố vui", practice: "Vừa chơi vừa học" },
  },
};

/** Children's section titles read like stages of an adventure: "Adventure 2 – …" / "Chặng 2 – …". */
const CHILDREN_PREFIX: Record<Locale, string> = { en: "Adventure", vi: "Chặng" };
/** Advanced lessons run longer than the audience's target. */
const ADVANCED_LESSON_FACTOR = 1.25;
const CONTENT_LESSON_TYPES: readonly LessonType[] = ["video", "text", "video", "text"];
const QUIZ_WEIGHT = 0.6;
const TOPIC_MAX = 80;

/** The course title as it appears inside section texts: whitespace collapsed, at most 80 characters. */
function topicOf(title: string, locale: Locale): string {
  const clean = title.replace(/\s+/g, " ").trim();
  if (!clean) return locale === "vi" ? "khóa học này" : "this course";
  return clean.length > TOPIC_MAX ? `${clean.slice(0, TOPIC_MAX - 1).trimEnd()}…` : clean;
}

const fill = (template: string, topic: string) => template.replaceAll("{topic}", topic);
const cut = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;

/** How many sections an outline of `totalMinutes` gets: 3 for an hour, 4 for two, 8 for seven, 10 from about eleven hours. */
export function outlineSectionCount(totalMinutes: number): number {
  const n = Math.round(3 * Math.sqrt(Math.max(0, totalMinutes) / 60));
  return Math.min(OUTLINE_MAX_SECTIONS, Math.max(OUTLINE_MIN_SECTIONS, n));
}

/** The modules of a plan for `count` sections: the lowest-priority-number core modules in curriculum order, then the final one. */
function pickModules(plan: CategoryPlan, level: SkillLevel, count: number): string[] {
  const path = plan.paths[level];
  const keep = new Set(
    [...path.core]
      .sort((a, b) => a[1] - b[1])
      .slice(0, Math.max(0, count - 1))
      .map(([key]) => key),
  );
  return [...path.core.filter(([key]) => keep.has(key)).map(([key]) => key), path.final];
}

/**
 * Built-in outline generator (000 §2 AI Course Outline Generator, §7 generate-course-outline,
 * used when no model is configured or the model is unavailable for materials).
 * @param request title (the topic), description, category (null → general plan), skillLevel,
 *   targetAudience, estimatedDuration in HOURS, locale (texts in English or Vietnamese).
 * @returns 3–10 sections (more for longer courses) in curriculum order: beginner courses open with
 *   foundations and close with a review, intermediate with a refresher and a project, advanced
 *   with deep dives and a capstone. Each section has 2–5 lessons (fewer only when the course is
 *   shorter than its lessons), typed video/text and ending with a quiz; children get shorter,
 *   playful lessons. Durations are integer MINUTES; a section's duration is the sum of its
 *   lessons, and all sections add up to exactly round(hours × 60), or 120 minutes when hours is 0.
 *   Ids are fresh UUIDs. Never throws.
 */
export function generateOfflineOutline(request: OutlineRequest): OutlineSection[] {
  const locale: Locale = request.locale === "vi" ? "vi" : "en";
  const level: SkillLevel = request.skillLevel ?? "beginner";
  const audience: Audience = request.targetAudience ?? "adults";
  const style = AUDIENCE_STYLE[audience];
  const plan = PLANS[request.category ?? "general"] ?? GENERAL;
  const topic = topicOf(request.title, locale);
  const hoursMinutes = hoursToMinutes(request.estimatedDuration);
  const total = hoursMinutes > 0 ? hoursMinutes : DEFAULT_OUTLINE_MINUTES;

  const keys = pickModules(plan, level, outlineSectionCount(total));
  const modules = keys.map((key) => plan.modules[key]);
  const sectionMinutes = distributeMinutes(
    total,
    modules.map((m) => m.weight ?? 1),
  );
  const lessonTarget = style.lessonMinutes * (level === "advanced" ? ADVANCED_LESSON_FACTOR : 1);

  return modules.map((module, index) => {
    const [titleTemplate, descriptionTemplate, lessonTemplates] = module[locale];
    const minutes = sectionMinutes[index];
    const wanted = Math.min(5, Math.max(2, Math.round(minutes / lessonTarget)));
    const lessonCount = Math.max(1, Math.min(wanted, minutes));
    const words = style[locale];
    const contentTitles = [...lessonTemplates.map((t) => fill(t, topic)), words.practice];
    const plannedLessons: { title: string; type: LessonType }[] =
      lessonCount === 1
        ? [{ title: contentTitles[0], type: "video" }]
        : [
            ...contentTitles
              .slice(0, lessonCount - 1)
              .map((title, i) => ({ title, type: CONTENT_LESSON_TYPES[i] })),
            { title: words.quiz, type: "quiz" },
          ];
    const lessonMinutes = distributeMinutes(
      minutes,
      plannedLessons.map((l) => (l.type === "quiz" ? QUIZ_WEIGHT : 1)),
    );
    const lessons: BuilderLesson[] = plannedLessons.map((lesson, i) => ({
      id: randomUUID(),
      title: cut(lesson.title, 200),
      type: lesson.type,
      duration: lessonMinutes[i],
    }));
    const baseTitle = fill(titleTemplate, topic);
    const title =
      audience === "children" ? `${CHILDREN_PREFIX[locale]} ${index + 1} – ${baseTitle}` : baseTitle;
    return {
      id: randomUUID(),
      title: cut(title, 200),
      description: cut(fill(descriptionTemplate, topic), 2000),
      duration: lessons.reduce((sum, lesson) => sum + lesson.duration, 0),
      materials: [],
      lessons,
    };
  });
}

const FALLBACK_TEXT: Record<
  Locale,
  { section: string; descriptions: [string, string]; lessons: [string, string] }
> = {
  en: {
    section: "Section",
    descriptions: [
      "Get started with {topic}: the key ideas and your first steps.",
      "Go deeper into {topic} with guided practice and a final review.",
    ],
    lessons: ["Introduction to {topic}", "Practice and review"],
  },
  vi: {
    section: "Phần",
    descriptions: [
      "Bắt đầu với {topic}: những ý chính và các bước đầu tiên.",
      "Tìm hiểu sâu hơn về {topic} qua phần thực hành có hướng dẫn và ôn tập cuối khóa.",
    ],
    lessons: ["Giới thiệu về {topic}", "Thực hành và ôn tập"],
  },
};

/**
 * The two-section default outline (000 §4 "On failure or an empty result a two-section default
 * outline replaces it", §9 "section 1 of 45 min and section 2 of 90 min").
 * @param request uses only title (the topic in descriptions) and locale ("Section 1"/"Phần 1").
 * @returns two sections of 45 and 90 MINUTES, each with one lesson of the same duration (a video,
 *   then a text lesson) so the course can be published as is. Never throws.
 */
export function fallbackOutline(request: Pick<OutlineRequest, "title" | "locale">): OutlineSection[] {
  const locale: Locale = request.locale === "vi" ? "vi" : "en";
  const text = FALLBACK_TEXT[locale];
  const topic = topicOf(request.title ?? "", locale);
  const lessonTypes: LessonType[] = ["video", "text"];
  return FALLBACK_SECTION_MINUTES.map((minutes, i) => ({
    id: randomUUID(),
    title: `${text.section} ${i + 1}`,
    description: fill(text.descriptions[i], topic),
    duration: minutes,
    materials: [],
    lessons: [
      {
        id: randomUUID(),
        title: cut(fill(text.lessons[i], topic), 200),
        type: lessonTypes[i],
        duration: minutes,
      },
    ],
  }));
}
