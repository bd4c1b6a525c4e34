import { randomUUID } from "node:crypto";
import type { Material } from "@academy/shared";
import {
  AI_MATERIAL_STORED_TYPE,
  type AiMaterialType,
  type AssessmentContent,
  type AssessmentQuestion,
  type EssayContent,
  type GeneratedMaterial,
  type Locale,
  type MaterialRequest,
  type QuizContent,
  type RubricCriterion,
  type SkillLevel,
  type WorksheetContent,
} from "./types.ts";

/**
 * The built-in material generator (spec 000 §2 Material Bank "AI Generate": quiz, worksheet,
 * essay prompt, assessment; §7 generate-ai-material) and the three built-in sample materials
 * (000 §7 generate-materials "on error or empty, three built-in sample materials are used", §9
 * "Fallback materials: 3"). Content comes from hand-written banks per subject (language,
 * programming, business, creative, science, general) and skill level, in English and Vietnamese.
 * No network, no I/O; deterministic apart from the ids.
 */

export type MaterialBankSubject =
  | "language"
  | "programming"
  | "business"
  | "creative"
  | "science"
  | "general";

/** [question, correct answer, three plausible distractors]. */
type QuestionText = readonly [string, string, string, string, string];
interface BankQuestion {
  en: QuestionText;
  vi: QuestionText;
}
/** [prompt, answer key or model answer (optional)]. */
type ItemText = readonly [string, string?];
interface BankItem {
  en: ItemText;
  vi: ItemText;
}
interface Bank {
  quiz: Record<SkillLevel, BankQuestion[]>;
  worksheet: Record<SkillLevel, BankItem[]>;
  essay: Record<SkillLevel, { en: string; vi: string }>;
  /** Short-answer questions for assessments: [question, model answer]. */
  shortAnswers: BankItem[];
}

const q = (en: QuestionText, vi: QuestionText): BankQuestion => ({ en, vi });
const w = (en: ItemText, vi: ItemText): BankItem => ({ en, vi });

const PROGRAMMING: Bank = {
  quiz: {
    beginner: [
      q(
        [
          "What is a variable?",
          "A named place that stores a value",
          "A command that prints text",
          "A type of loop",
          "An error in the program",
        ],
        [
          "Biến là gì?",
          "Một vùng được đặt tên để lưu trữ giá trị",
          "Một lệnh in văn bản ra màn hình",
          "Một loại vòng lặp",
          "Một lỗi trong chương trình",
        ],
      ),
      q(
        [
          "Which structure is best when you know in advance how many times to repeat something?",
          "A for loop",
          "An if statement",
          "A variable declaration",
          "A comment",
        ],
        [
          "Khi biết trước số lần cần lặp, nên dùng cấu trúc nào?",
          "Vòng lặp for",
          "Câu lệnh if",
          "Khai báo biến",
          "Chú thích (comment)",
        ],
      ),
      q(
        [
          "What does a function's return value do?",
          "Sends a result back to the code that called the function",
          "Stops the whole program",
          "Deletes all variables",
          "Prints the function's name",
        ],
        [
          "Giá trị trả về (return) của hàm dùng để làm gì?",
          "Gửi kết quả về cho đoạn mã đã gọi hàm",
          "Dừng toàn bộ chương trình",
          "Xóa tất cả các biến",
          "In tên của hàm ra màn hình",
        ],
      ),
      q(
        ["What is the value of x after running: x = 5; x = x + 3?", "8", "5", "3", "53"],
        ["Sau khi chạy x = 5; x = x + 3, giá trị của x là bao nhiêu?", "8", "5", "3", "53"],
      ),
      q(
        ["Which data type is best for storing a true/false value?", "Boolean", "String", "Integer", "List"],
        [
          "Kiểu dữ liệu nào phù hợp nhất để lưu giá trị đúng/sai?",
          "Boolean (logic)",
          "String (chuỗi)",
          "Integer (số nguyên)",
          "List (danh sách)",
        ],
      ),
      q(
        [
          "What is a bug?",
          "A mistake in the code that causes wrong behaviour",
          "A feature requested by users",
          "A very fast algorithm",
          "A kind of variable",
        ],
        [
          "Bug (lỗi) là gì?",
          "Một sai sót trong mã khiến chương trình chạy sai",
          "Một tính năng người dùng yêu cầu",
          "Một thuật toán rất nhanh",
          "Một loại biến",
        ],
      ),
    ],
    intermediate: [
      q(
        [
          "Which data structure gives fast lookups by key?",
          "A dictionary (hash map)",
          "An unsorted list",
          "A string",
          "A for loop",
        ],
        [
          "Cấu trúc dữ liệu nào cho phép tra cứu nhanh theo khóa?",
          "Từ điển (hash map)",
          "Danh sách không sắp xếp",
          "Chuỗi ký tự",
          "Vòng lặp for",
        ],
      ),
      q(
        [
          "What is the main purpose of a unit test?",
          "To check that a small piece of code behaves as expected",
          "To make the program run faster",
          "To deploy code to production",
          "To format code automatically",
        ],
        [
          "Mục đích chính của kiểm thử đơn vị (unit test) là gì?",
          "Kiểm tra một phần mã nhỏ hoạt động đúng như mong đợi",
          "Giúp chương trình chạy nhanh hơn",
          "Đưa mã lên môi trường vận hành",
          "Tự động định dạng mã",
        ],
      ),
      q(
        [
          "What does refactoring mean?",
          "Improving the structure of code without changing its behaviour",
          "Adding new features",
          "Rewriting the code in another language",
          "Deleting old tests",
        ],
        [
          "Tái cấu trúc mã (refactoring) nghĩa là gì?",
          "Cải thiện cấu trúc mã mà không thay đổi hành vi",
          "Thêm tính năng mới",
          "Viết lại mã bằng ngôn ngữ khác",
          "Xóa các bài kiểm thử cũ",
        ],
      ),
      q(
        [
          "Why use a version control system such as Git?",
          "To track changes and collaborate safely",
          "To compile code faster",
          "To encrypt passwords",
          "To replace code reviews",
        ],
        [
          "Vì sao nên dùng hệ thống quản lý phiên bản như Git?",
          "Để theo dõi thay đổi và cộng tác an toàn",
          "Để biên dịch mã nhanh hơn",
          "Để mã hóa mật khẩu",
          "Để thay thế việc review mã",
        ],
      ),
      q(
        [
          "What happens when code awaits an asynchronous call?",
          "It waits for the result without blocking other work",
          "The program stops forever",
          "The call runs twice",
          "All errors are ignored",
        ],
        [
          "Khi mã dùng await với một lời gọi bất đồng bộ thì điều gì xảy ra?",
          "Mã chờ kết quả mà không chặn các công việc khác",
          "Chương trình dừng vĩnh viễn",
          "Lời gọi được chạy hai lần",
          "Mọi lỗi đều bị bỏ qua",
        ],
      ),
    ],
    advanced: [
      q(
        [
          "What is the time complexity of binary search on a sorted array?",
          "O(log n)",
          "O(n)",
          "O(n log n)",
          "O(1)",
        ],
        [
          "Độ phức tạp thời gian của tìm kiếm nhị phân trên mảng đã sắp xếp là gì?",
          "O(log n)",
          "O(n)",
          "O(n log n)",
          "O(1)",
        ],
      ),
      q(
        [
          "Which practice best prevents SQL injection?",
          "Parameterised queries",
          "Hiding error messages",
          "Using longer table names",
          "Minifying the code",
        ],
        [
          "Cách nào ngăn chặn SQL injection hiệu quả nhất?",
          "Dùng truy vấn tham số hóa",
          "Ẩn thông báo lỗi",
          "Đặt tên bảng dài hơn",
          "Rút gọn (minify) mã nguồn",
        ],
      ),
      q(
        [
          "What does the Single Responsibility Principle say?",
          "A module should have only one reason to change",
          "A class should have only one method",
          "A program should have only one file",
          "Only one developer may edit a module",
        ],
        [
          "Nguyên tắc đơn trách nhiệm (Single Responsibility) phát biểu điều gì?",
          "Mỗi module chỉ nên có một lý do để thay đổi",
          "Mỗi lớp chỉ nên có một phương thức",
          "Mỗi chương trình chỉ nên có một tệp",
          "Chỉ một lập trình viên được sửa một module",
        ],
      ),
      q(
        [
          "What is a race condition?",
          "A bug where the result depends on the timing of concurrent operations",
          "A benchmark comparing two algorithms",
          "A loop that never ends",
          "A compiler optimisation",
        ],
        [
          "Race condition là gì?",
          "Lỗi khi kết quả phụ thuộc vào thứ tự thời gian của các thao tác chạy đồng thời",
          "Bài đo so sánh hai thuật toán",
          "Vòng lặp không bao giờ kết thúc",
          "Một kỹ thuật tối ưu của trình biên dịch",
        ],
      ),
      q(
        [
          "What is the main benefit of caching?",
          "Avoiding repeated expensive work by reusing earlier results",
          "Guaranteeing that data is always fresh",
          "Reducing the number of lines of code",
          "Removing the need for a database",
        ],
        [
          "Lợi ích chính của bộ nhớ đệm (cache) là gì?",
          "Tránh lặp lại công việc tốn kém bằng cách dùng lại kết quả trước đó",
          "Đảm bảo dữ liệu luôn mới nhất",
          "Giảm số dòng mã",
          "Không cần dùng cơ sở dữ liệu nữa",
        ],
      ),
    ],
  },
  worksheet: {
    beginner: [
      w(
        [
          "Write a line of code that stores your age in a variable called age.",
          "age = 25 (any number works)",
        ],
        ["Viết một dòng mã lưu tuổi của bạn vào biến tên là age.", "age = 25 (số nào cũng được)"],
      ),
      w(
        ["What does this code print? for i in range(3): print(i)", "0, 1 and 2, each on its own line"],
        ["Đoạn mã sau in ra gì? for i in range(3): print(i)", "0, 1 và 2, mỗi số trên một dòng"],
      ),
      w(
        ["Write a function add(a, b) that returns the sum of two numbers.", "def add(a, b): return a + b"],
        ["Viết hàm add(a, b) trả về tổng của hai số.", "def add(a, b): return a + b"],
      ),
      w(
        [
          "Explain in one sentence the difference between = and ==.",
          "= assigns a value to a variable; == compares two values",
        ],
        [
          "Giải thích trong một câu sự khác nhau giữa = và ==.",
          "= dùng để gán giá trị; == dùng để so sánh hai giá trị",
        ],
      ),
    ],
    intermediate: [
      w(
        [
          "Write a function that returns the largest number in a list without using max().",
          "Loop through the list, keep the largest value seen so far and return it at the end",
        ],
        [
          "Viết hàm trả về số lớn nhất trong một danh sách mà không dùng max().",
          "Duyệt danh sách, giữ lại giá trị lớn nhất gặp được và trả về ở cuối",
        ],
      ),
      w(
        [
          "Given a dictionary of product prices, write code that prints every product costing more than 100.",
          "Loop over the items and print the name when the price is greater than 100",
        ],
        [
          "Cho một từ điển giá sản phẩm, viết mã in ra mọi sản phẩm có giá lớn hơn 100.",
          "Duyệt các cặp khóa–giá trị và in tên khi giá lớn hơn 100",
        ],
      ),
      w(
        [
          "Write two unit tests for a function is_even(n).",
          "For example: is_even(4) returns True; is_even(7) returns False",
        ],
        [
          "Viết hai bài kiểm thử đơn vị cho hàm is_even(n).",
          "Ví dụ: is_even(4) trả về True; is_even(7) trả về False",
        ],
      ),
      w(
        [
          "Split a long function you wrote earlier into two smaller functions and explain why the result is clearer.",
        ],
        ["Tách một hàm dài bạn từng viết thành hai hàm nhỏ hơn và giải thích vì sao kết quả dễ hiểu hơn."],
      ),
    ],
    advanced: [
      w(
        [
          "What is the time complexity of checking whether a value is in a list, and in a hash set?",
          "List: O(n); hash set: O(1) on average",
        ],
        [
          "Độ phức tạp thời gian khi kiểm tra một giá trị có trong danh sách và trong tập hợp băm (hash set) là bao nhiêu?",
          "Danh sách: O(n); tập hợp băm: trung bình O(1)",
        ],
      ),
      w(
        [
          "Rewrite a SQL query that is built by string concatenation so that it uses parameters.",
          "Use placeholders (for example WHERE id = $1) and pass the values separately",
        ],
        [
          "Viết lại một truy vấn SQL được ghép chuỗi sao cho dùng tham số.",
          "Dùng placeholder (ví dụ WHERE id = $1) và truyền giá trị riêng",
        ],
      ),
      w(
        [
          "Describe how you would find the slowest part of a program.",
          "Measure with a profiler, optimise the hottest path, then measure again",
        ],
        [
          "Mô tả cách bạn tìm ra phần chạy chậm nhất của một chương trình.",
          "Đo bằng profiler, tối ưu đoạn tốn thời gian nhất, rồi đo lại",
        ],
      ),
      w(
        ["Sketch the modules of a small web application and the dependencies between them."],
        ["Phác thảo các module của một ứng dụng web nhỏ và sự phụ thuộc giữa chúng."],
      ),
    ],
  },
  essay: {
    beginner: {
      en: "Describe a small everyday problem that {topic} could help solve, and explain step by step how your program would work.",
      vi: "Hãy mô tả một vấn đề nhỏ hằng ngày mà {topic} có thể giúp giải quyết, và giải thích từng bước chương trình của bạn sẽ hoạt động như thế nào.",
    },
    intermediate: {
      en: "Compare two ways you could structure a {topic} project and argue which one you would choose and why.",
      vi: "Hãy so sánh hai cách tổ chức một dự án {topic} và lập luận vì sao bạn chọn cách đó.",
    },
    advanced: {
      en: "Discuss the trade-offs between performance, readability and security in {topic}, using an example from your own work.",
      vi: "Hãy bàn về sự đánh đổi giữa hiệu năng, tính dễ đọc và bảo mật trong {topic}, kèm một ví dụ từ chính công việc của bạn.",
    },
  },
  shortAnswers: [
    w(
      [
        "Explain the difference between a list and a dictionary, and when you would use each.",
        "A list keeps items in order and is accessed by position; a dictionary maps keys to values for fast lookup by key. Use a list for sequences and a dictionary for lookups by name or id.",
      ],
      [
        "Giải thích sự khác nhau giữa danh sách và từ điển, và khi nào dùng mỗi loại.",
        "Danh sách lưu phần tử theo thứ tự và truy cập theo vị trí; từ điển ánh xạ khóa tới giá trị để tra cứu nhanh theo khóa. Dùng danh sách cho dãy phần tử, từ điển khi cần tra theo tên hoặc mã.",
      ],
    ),
    w(
      [
        "Describe the steps you take to find and fix a bug.",
        "Reproduce it, read the error message, isolate the cause with prints or a debugger, fix it, then add a test so it does not come back.",
      ],
      [
        "Mô tả các bước bạn thực hiện để tìm và sửa một lỗi.",
        "Tái hiện lỗi, đọc thông báo lỗi, khoanh vùng nguyên nhân bằng lệnh in hoặc trình gỡ lỗi, sửa lỗi rồi viết thêm kiểm thử để lỗi không quay lại.",
      ],
    ),
  ],
};

const LANGUAGE: Bank = {
  quiz: {
    beginner: [
      q(
        [
          "Choose the correct sentence.",
          "She goes to school every day.",
          "She go to school every day.",
          "She going to school every day.",
          "She goed to school every day.",
        ],
        [
          "Chọn câu đúng.",
          "She goes to school every day.",
          "She go to school every day.",
          "She going to school every day.",
          "She goed to school every day.",
        ],
      ),
      q(
        ["What is the opposite of 'hot'?", "cold", "warm", "big", "fast"],
        ["Từ trái nghĩa với 'hot' là gì?", "cold", "warm", "big", "fast"],
      ),
      q(
        ["Complete the sentence: I ___ a student.", "am", "is", "are", "be"],
        ["Điền vào chỗ trống: I ___ a student.", "am", "is", "are", "be"],
      ),
      q(
        ["Which word is a colour?", "green", "apple", "table", "run"],
        ["Từ nào chỉ màu sắc?", "green", "apple", "table", "run"],
      ),
      q(
        [
          "Which is the best reply to 'How are you?'",
          "I'm fine, thank you.",
          "I'm 20 years old.",
          "My name is Lan.",
          "It's 5 o'clock.",
        ],
        [
          "Câu nào đáp lại 'How are you?' phù hợp nhất?",
          "I'm fine, thank you.",
          "I'm 20 years old.",
          "My name is Lan.",
          "It's 5 o'clock.",
        ],
      ),
    ],
    intermediate: [
      q(
        [
          "Complete the sentence: If it rains tomorrow, we ___ at home.",
          "will stay",
          "stayed",
          "would stayed",
          "staying",
        ],
        [
          "Điền vào chỗ trống: If it rains tomorrow, we ___ at home.",
          "will stay",
          "stayed",
          "would stayed",
          "staying",
        ],
      ),
      q(
        ["Choose the correct past form: Yesterday I ___ a great film.", "saw", "see", "seen", "seeing"],
        ["Chọn dạng quá khứ đúng: Yesterday I ___ a great film.", "saw", "see", "seen", "seeing"],
      ),
      q(
        [
          "What does 'look forward to' mean?",
          "To feel excited about something in the future",
          "To look at something in front of you",
          "To remember the past",
          "To search for something you lost",
        ],
        [
          "Cụm từ 'look forward to' có nghĩa là gì?",
          "Mong chờ, háo hức về điều sắp tới",
          "Nhìn vào thứ ở phía trước",
          "Nhớ lại quá khứ",
          "Tìm kiếm đồ bị mất",
        ],
      ),
      q(
        [
          "Which sentence uses the present perfect correctly?",
          "I have lived here since 2020.",
          "I have live here since 2020.",
          "I has lived here since 2020.",
          "I am lived here since 2020.",
        ],
        [
          "Câu nào dùng thì hiện tại hoàn thành đúng?",
          "I have lived here since 2020.",
          "I have live here since 2020.",
          "I has lived here since 2020.",
          "I am lived here since 2020.",
        ],
      ),
      q(
        ["Choose the correct preposition: She is good ___ maths.", "at", "in", "on", "for"],
        ["Chọn giới từ đúng: She is good ___ maths.", "at", "in", "on", "for"],
      ),
    ],
    advanced: [
      q(
        [
          "Complete the sentence: If I ___ known earlier, I would have helped.",
          "had",
          "have",
          "would",
          "was",
        ],
        ["Điền vào chỗ trống: If I ___ known earlier, I would have helped.", "had", "have", "would", "was"],
      ),
      q(
        [
          "Which sentence is in the passive voice?",
          "The report was written by the team.",
          "The team wrote the report.",
          "The team is writing the report.",
          "The team will write the report.",
        ],
        [
          "Câu nào ở thể bị động?",
          "The report was written by the team.",
          "The team wrote the report.",
          "The team is writing the report.",
          "The team will write the report.",
        ],
      ),
      q(
        [
          "Choose the correct reported speech for: 'I am tired,' she said.",
          "She said (that) she was tired.",
          "She said (that) I am tired.",
          "She says she is tired yesterday.",
          "She said that she tired.",
        ],
        [
          "Chọn câu gián tiếp đúng của: 'I am tired,' she said.",
          "She said (that) she was tired.",
          "She said (that) I am tired.",
          "She says she is tired yesterday.",
          "She said that she tired.",
        ],
      ),
      q(
        [
          "What does the idiom 'break the ice' mean?",
          "To help people feel more comfortable at the start",
          "To break something by accident",
          "To end a relationship",
          "To start an argument",
        ],
        [
          "Thành ngữ 'break the ice' có nghĩa là gì?",
          "Làm cho mọi người bớt ngại ngùng lúc bắt đầu",
          "Vô tình làm vỡ đồ",
          "Chấm dứt một mối quan hệ",
          "Bắt đầu một cuộc cãi vã",
        ],
      ),
      q(
        [
          "Which sentence is the most appropriate for a formal email?",
          "I would be grateful if you could send me the report.",
          "Send me the report, OK?",
          "Gimme the report asap.",
          "Report pls.",
        ],
        [
          "Câu nào phù hợp nhất cho một email trang trọng?",
          "I would be grateful if you could send me the report.",
          "Send me the report, OK?",
          "Gimme the report asap.",
          "Report pls.",
        ],
      ),
    ],
  },
  worksheet: {
    beginner: [
      w(
        ["Complete: My name ___ Lan and I ___ from Vietnam.", "is, am"],
        ["Điền vào chỗ trống: My name ___ Lan and I ___ from Vietnam.", "is, am"],
      ),
      w(
        ["Write the plural of: book, child, box.", "books, children, boxes"],
        ["Viết dạng số nhiều của: book, child, box.", "books, children, boxes"],
      ),
      w(
        [
          "Write three sentences about your daily routine using the present simple.",
          "For example: I get up at 6. I go to work by bus. I have dinner at 7.",
        ],
        [
          "Viết ba câu về thói quen hằng ngày của bạn bằng thì hiện tại đơn.",
          "Ví dụ: I get up at 6. I go to work by bus. I have dinner at 7.",
        ],
      ),
      w(
        ["Write a short greeting and ask someone how they are.", "Hello! How are you today?"],
        ["Dịch sang tiếng Anh: 'Xin chào, bạn khỏe không?'", "Hello, how are you?"],
      ),
    ],
    intermediate: [
      w(
        [
          "Put the verbs in the correct tense: Yesterday I (go) to the market and (buy) some fruit.",
          "went, bought",
        ],
        ["Chia động từ đúng thì: Yesterday I (go) to the market and (buy) some fruit.", "went, bought"],
      ),
      w(
        [
          "Rewrite using the present perfect: I started working here in 2020 and I still work here.",
          "I have worked here since 2020.",
        ],
        [
          "Viết lại bằng thì hiện tại hoàn thành: I started working here in 2020 and I still work here.",
          "I have worked here since 2020.",
        ],
      ),
      w(
        ["Complete with the correct preposition: interested ___, good ___, afraid ___.", "in, at, of"],
        ["Điền giới từ đúng: interested ___, good ___, afraid ___.", "in, at, of"],
      ),
      w(
        ["Write a short email (50–80 words) inviting a friend to your birthday party."],
        ["Viết một email ngắn (50–80 từ) bằng tiếng Anh mời bạn đến dự tiệc sinh nhật của mình."],
      ),
    ],
    advanced: [
      w(
        [
          "Rewrite in the passive: The company will launch the product next month.",
          "The product will be launched (by the company) next month.",
        ],
        [
          "Chuyển sang câu bị động: The company will launch the product next month.",
          "The product will be launched (by the company) next month.",
        ],
      ),
      w(
        [
          "Complete the third conditional: If she (study) harder, she (pass) the exam.",
          "had studied, would have passed",
        ],
        [
          "Hoàn thành câu điều kiện loại 3: If she (study) harder, she (pass) the exam.",
          "had studied, would have passed",
        ],
      ),
      w(
        [
          "Report this sentence: 'We are moving to Hanoi,' they said.",
          "They said (that) they were moving to Hanoi.",
        ],
        [
          "Chuyển sang câu gián tiếp: 'We are moving to Hanoi,' they said.",
          "They said (that) they were moving to Hanoi.",
        ],
      ),
      w(
        ["Write a formal paragraph of about 100 words giving your opinion on working from home."],
        [
          "Viết một đoạn văn trang trọng khoảng 100 từ bằng tiếng Anh nêu quan điểm của bạn về làm việc tại nhà.",
        ],
      ),
    ],
  },
  essay: {
    beginner: {
      en: "Write about why you are learning {topic} and how you will use it in your daily life.",
      vi: "Hãy viết về lý do bạn học {topic} và bạn sẽ sử dụng nó như thế nào trong cuộc sống hằng ngày.",
    },
    intermediate: {
      en: "Describe a memorable trip or experience, using past tenses and linking words such as 'first', 'then' and 'finally'.",
      vi: "Hãy kể về một chuyến đi hoặc trải nghiệm đáng nhớ, sử dụng các thì quá khứ và từ nối như 'first', 'then', 'finally'.",
    },
    advanced: {
      en: "Some people believe that learning a foreign language should start in primary school. Discuss both views and give your own opinion.",
      vi: "Có ý kiến cho rằng nên bắt đầu học ngoại ngữ từ bậc tiểu học. Hãy thảo luận cả hai quan điểm và nêu ý kiến của riêng bạn.",
    },
  },
  shortAnswers: [
    w(
      [
        "Write three sentences about last weekend using the past simple.",
        "I visited my grandparents. We cooked dinner together. I watched a film in the evening.",
      ],
      [
        "Viết ba câu về cuối tuần vừa rồi bằng thì quá khứ đơn.",
        "I visited my grandparents. We cooked dinner together. I watched a film in the evening.",
      ],
    ),
    w(
      [
        "Explain when to use 'since' and when to use 'for' with the present perfect.",
        "'Since' goes with a point in time (since 2020); 'for' goes with a length of time (for three years).",
      ],
      [
        "Giải thích khi nào dùng 'since' và khi nào dùng 'for' với thì hiện tại hoàn thành.",
        "'Since' đi với một mốc thời gian (since 2020); 'for' đi với một khoảng thời gian (for three years).",
      ],
    ),
  ],
};

const BUSINESS: Bank = {
  quiz: {
    beginner: [
      q(
        [
          "What is profit?",
          "Revenue minus costs",
          "Total sales before costs",
          "Money borrowed from a bank",
          "The price of one product",
        ],
        [
          "Lợi nhuận là gì?",
          "Doanh thu trừ đi chi phí",
          "Tổng doanh số trước khi trừ chi phí",
          "Tiền vay ngân hàng",
          "Giá bán của một sản phẩm",
        ],
      ),
      q(
        [
          "What is a target customer?",
          "The specific group of people a business wants to serve",
          "Anyone who walks past the shop",
          "Only a competitor's customers",
          "The business owner",
        ],
        [
          "Khách hàng mục tiêu là gì?",
          "Nhóm người cụ thể mà doanh nghiệp muốn phục vụ",
          "Bất kỳ ai đi ngang qua cửa hàng",
          "Chỉ là khách hàng của đối thủ",
          "Chủ doanh nghiệp",
        ],
      ),
      q(
        ["What does the S in SMART goals stand for?", "Specific", "Simple", "Strong", "Social"],
        [
          "Chữ S trong mục tiêu SMART là viết tắt của từ nào?",
          "Specific (cụ thể)",
          "Simple (đơn giản)",
          "Strong (mạnh mẽ)",
          "Social (xã hội)",
        ],
      ),
      q(
        [
          "Which of these is a fixed cost?",
          "Monthly rent",
          "Raw materials for each product",
          "Shipping fee per order",
          "Sales commission",
        ],
        [
          "Khoản nào sau đây là chi phí cố định?",
          "Tiền thuê mặt bằng hằng tháng",
          "Nguyên liệu cho mỗi sản phẩm",
          "Phí vận chuyển mỗi đơn hàng",
          "Hoa hồng bán hàng",
        ],
      ),
      q(
        [
          "What is a value proposition?",
          "A clear statement of why customers should choose you",
          "The company's bank balance",
          "A list of employees",
          "The legal name of the business",
        ],
        [
          "Tuyên bố giá trị (value proposition) là gì?",
          "Lời giải thích rõ ràng vì sao khách hàng nên chọn bạn",
          "Số dư tài khoản ngân hàng của công ty",
          "Danh sách nhân viên",
          "Tên pháp lý của doanh nghiệp",
        ],
      ),
    ],
    intermediate: [
      q(
        [
          "What does cash flow measure?",
          "Money moving in and out of the business over time",
          "The value of the brand",
          "The number of customers",
          "The total assets the business owns",
        ],
        [
          "Dòng tiền đo lường điều gì?",
          "Tiền vào và ra khỏi doanh nghiệp theo thời gian",
          "Giá trị thương hiệu",
          "Số lượng khách hàng",
          "Tổng tài sản doanh nghiệp sở hữu",
        ],
      ),
      q(
        [
          "What is the break-even point?",
          "The sales level at which revenue equals total costs",
          "The highest price customers will accept",
          "The day the business opens",
          "The moment you hire your first employee",
        ],
        [
          "Điểm hòa vốn là gì?",
          "Mức doanh số mà tại đó doanh thu bằng tổng chi phí",
          "Mức giá cao nhất khách hàng chấp nhận",
          "Ngày doanh nghiệp khai trương",
          "Thời điểm tuyển nhân viên đầu tiên",
        ],
      ),
      q(
        [
          "Which metric shows how many visitors become customers?",
          "Conversion rate",
          "Gross margin",
          "Inventory turnover",
          "Debt ratio",
        ],
        [
          "Chỉ số nào cho biết bao nhiêu khách truy cập trở thành khách hàng?",
          "Tỷ lệ chuyển đổi",
          "Biên lợi nhuận gộp",
          "Vòng quay hàng tồn kho",
          "Tỷ lệ nợ",
        ],
      ),
      q(
        [
          "What does a SWOT analysis look at?",
          "Strengths, weaknesses, opportunities and threats",
          "Sales, wages, orders and taxes",
          "Suppliers, workers, owners and tools",
          "Strategy, websites, offices and teams",
        ],
        [
          "Phân tích SWOT xem xét những yếu tố nào?",
          "Điểm mạnh, điểm yếu, cơ hội và thách thức",
          "Doanh số, tiền lương, đơn hàng và thuế",
          "Nhà cung cấp, nhân công, chủ sở hữu và công cụ",
          "Chiến lược, website, văn phòng và đội nhóm",
        ],
      ),
      q(
        [
          "What is customer lifetime value (CLV)?",
          "The total revenue expected from a customer over the whole relationship",
          "The cost of one advertisement",
          "The average age of customers",
          "The value of the first purchase",
        ],
        [
          "Giá trị vòng đời khách hàng (CLV) là gì?",
          "Tổng doanh thu dự kiến từ một khách hàng trong suốt thời gian gắn bó",
          "Chi phí của một quảng cáo",
          "Độ tuổi trung bình của khách hàng",
          "Giá trị của lần mua đầu tiên",
        ],
      ),
    ],
    advanced: [
      q(
        [
          "If customer acquisition cost (CAC) is higher than CLV, what does it mean?",
          "Each new customer loses money over time",
          "The business is very profitable",
          "Marketing is too cheap",
          "Customers buy too often",
        ],
        [
          "Nếu chi phí có được khách hàng (CAC) cao hơn CLV thì điều đó có nghĩa là gì?",
          "Mỗi khách hàng mới khiến doanh nghiệp lỗ theo thời gian",
          "Doanh nghiệp đang rất có lãi",
          "Chi phí marketing quá rẻ",
          "Khách hàng mua hàng quá thường xuyên",
        ],
      ),
      q(
        [
          "Which financial statement shows assets, liabilities and equity?",
          "The balance sheet",
          "The income statement",
          "The cash flow statement",
          "The sales report",
        ],
        [
          "Báo cáo tài chính nào thể hiện tài sản, nợ phải trả và vốn chủ sở hữu?",
          "Bảng cân đối kế toán",
          "Báo cáo kết quả kinh doanh",
          "Báo cáo lưu chuyển tiền tệ",
          "Báo cáo bán hàng",
        ],
      ),
      q(
        [
          "What is a sustainable competitive advantage?",
          "An advantage that competitors find hard to copy over time",
          "A one-time discount",
          "Having the most employees",
          "A short advertising campaign",
        ],
        [
          "Lợi thế cạnh tranh bền vững là gì?",
          "Lợi thế mà đối thủ khó sao chép trong thời gian dài",
          "Một đợt giảm giá duy nhất",
          "Có nhiều nhân viên nhất",
          "Một chiến dịch quảng cáo ngắn hạn",
        ],
      ),
      q(
        [
          "In an A/B test, what should differ between the two versions?",
          "Only the one element being tested",
          "Every element at once",
          "Only the audience's country",
          "Nothing at all",
        ],
        [
          "Trong thử nghiệm A/B, hai phiên bản nên khác nhau ở điểm nào?",
          "Chỉ một yếu tố đang được kiểm tra",
          "Tất cả các yếu tố cùng lúc",
          "Chỉ quốc gia của người xem",
          "Hoàn toàn không khác gì",
        ],
      ),
      q(
        [
          "What does equity financing mean?",
          "Raising money by selling a share of ownership",
          "Taking a bank loan",
          "Paying suppliers later",
          "Cutting staff costs",
        ],
        [
          "Huy động vốn cổ phần (equity financing) nghĩa là gì?",
          "Huy động tiền bằng cách bán một phần quyền sở hữu",
          "Vay vốn ngân hàng",
          "Trả tiền nhà cung cấp chậm hơn",
          "Cắt giảm chi phí nhân sự",
        ],
      ),
    ],
  },
  worksheet: {
    beginner: [
      w(
        [
          "A product costs 60,000 VND to make and sells for 100,000 VND. What is the profit per unit?",
          "40,000 VND",
        ],
        [
          "Một sản phẩm có giá vốn 60.000 đồng và bán ra 100.000 đồng. Lợi nhuận trên mỗi sản phẩm là bao nhiêu?",
          "40.000 đồng",
        ],
      ),
      w(
        [
          "List two fixed costs and two variable costs for a small coffee shop.",
          "Fixed: rent, salaries. Variable: coffee beans, milk",
        ],
        [
          "Liệt kê hai chi phí cố định và hai chi phí biến đổi của một quán cà phê nhỏ.",
          "Cố định: tiền thuê mặt bằng, lương nhân viên. Biến đổi: hạt cà phê, sữa",
        ],
      ),
      w(
        [
          "Rewrite this goal as a SMART goal: 'Get more customers.'",
          "For example: Gain 50 new paying customers by the end of this quarter through social media ads.",
        ],
        [
          "Viết lại mục tiêu sau theo tiêu chí SMART: 'Có thêm khách hàng.'",
          "Ví dụ: Có thêm 50 khách hàng trả phí trước cuối quý này nhờ quảng cáo trên mạng xã hội.",
        ],
      ),
      w(
        ["Describe your target customer in three sentences: age, needs and where they spend their time."],
        ["Mô tả khách hàng mục tiêu của bạn trong ba câu: độ tuổi, nhu cầu và nơi họ thường dành thời gian."],
      ),
    ],
    intermediate: [
      w(
        [
          "Fixed costs are 20,000,000 VND per month and each unit earns 50,000 VND after variable costs. How many units must you sell to break even?",
          "400 units",
        ],
        [
          "Chi phí cố định là 20.000.000 đồng mỗi tháng, mỗi sản phẩm lãi 50.000 đồng sau khi trừ chi phí biến đổi. Cần bán bao nhiêu sản phẩm để hòa vốn?",
          "400 sản phẩm",
        ],
      ),
      w(
        ["1,000 people visited your page and 30 of them bought. What is the conversion rate?", "3%"],
        [
          "Có 1.000 người truy cập trang của bạn và 30 người đã mua hàng. Tỷ lệ chuyển đổi là bao nhiêu?",
          "3%",
        ],
      ),
      w(
        ["Write a SWOT analysis for your business idea, with at least one point in each box."],
        ["Lập bảng phân tích SWOT cho ý tưởng kinh doanh của bạn, mỗi ô có ít nhất một ý."],
      ),
      w(
        [
          "Draft a value proposition: For [customer] who [need], our [product] [benefit], unlike [alternative].",
        ],
        [
          "Soạn tuyên bố giá trị theo mẫu: Dành cho [khách hàng] đang [nhu cầu], [sản phẩm] của chúng tôi [lợi ích], khác với [giải pháp thay thế].",
        ],
      ),
    ],
    advanced: [
      w(
        [
          "A customer spends 500,000 VND per order, orders 6 times a year and stays for 2 years. What is their lifetime revenue?",
          "6,000,000 VND",
        ],
        [
          "Một khách hàng chi 500.000 đồng mỗi đơn, mua 6 lần mỗi năm và gắn bó 2 năm. Doanh thu vòng đời của khách hàng này là bao nhiêu?",
          "6.000.000 đồng",
        ],
      ),
      w(
        [
          "CAC is 1,500,000 VND and CLV is 6,000,000 VND. What is the CLV:CAC ratio, and is it healthy?",
          "4:1, which is healthy (above 3:1)",
        ],
        [
          "CAC là 1.500.000 đồng và CLV là 6.000.000 đồng. Tỷ lệ CLV:CAC là bao nhiêu và có lành mạnh không?",
          "4:1, là mức lành mạnh (trên 3:1)",
        ],
      ),
      w(
        ["Design an A/B test to improve your checkout page: hypothesis, metric and sample size."],
        ["Thiết kế một thử nghiệm A/B để cải thiện trang thanh toán: giả thuyết, chỉ số đo và cỡ mẫu."],
      ),
      w(
        ["List three risks to your business and one way to reduce each."],
        ["Liệt kê ba rủi ro đối với doanh nghiệp của bạn và một cách giảm thiểu cho mỗi rủi ro."],
      ),
    ],
  },
  essay: {
    beginner: {
      en: "Describe a business idea related to {topic}: who the customers are, what problem it solves and how it will make money.",
      vi: "Hãy mô tả một ý tưởng kinh doanh liên quan đến {topic}: khách hàng là ai, giải quyết vấn đề gì và kiếm tiền bằng cách nào.",
    },
    intermediate: {
      en: "Analyse a business you know well using a SWOT framework and recommend one strategic change.",
      vi: "Hãy phân tích một doanh nghiệp bạn hiểu rõ bằng mô hình SWOT và đề xuất một thay đổi chiến lược.",
    },
    advanced: {
      en: "Evaluate whether a business in {topic} should grow through new markets or new products, supporting your argument with numbers and risks.",
      vi: "Hãy đánh giá một doanh nghiệp trong lĩnh vực {topic} nên tăng trưởng bằng thị trường mới hay sản phẩm mới, dùng số liệu và phân tích rủi ro để củng cố lập luận.",
    },
  },
  shortAnswers: [
    w(
      [
        "Explain the difference between revenue and profit, with an example.",
        "Revenue is all the money from sales (100 cups × 30,000 VND = 3,000,000 VND); profit is what remains after costs (3,000,000 − 2,000,000 = 1,000,000 VND).",
      ],
      [
        "Giải thích sự khác nhau giữa doanh thu và lợi nhuận, kèm ví dụ.",
        "Doanh thu là toàn bộ tiền bán hàng (100 ly × 30.000 đồng = 3.000.000 đồng); lợi nhuận là phần còn lại sau khi trừ chi phí (3.000.000 − 2.000.000 = 1.000.000 đồng).",
      ],
    ),
    w(
      [
        "Describe how you would test whether customers want a new product before building it.",
        "Interview target customers, run a landing page or pre-order test, and measure sign-ups or payments.",
      ],
      [
        "Mô tả cách bạn kiểm chứng khách hàng có cần một sản phẩm mới hay không trước khi làm ra nó.",
        "Phỏng vấn khách hàng mục tiêu, chạy thử trang giới thiệu hoặc cho đặt hàng trước, rồi đo số lượt đăng ký hoặc thanh toán.",
      ],
    ),
  ],
};

const CREATIVE: Bank = {
  quiz: {
    beginner: [
      q(
        [
          "Which are the three primary colours in traditional colour theory?",
          "Red, yellow and blue",
          "Red, green and purple",
          "Orange, green and violet",
          "Black, white and grey",
        ],
        [
          "Ba màu cơ bản trong lý thuyết màu truyền thống là gì?",
          "Đỏ, vàng và xanh lam",
          "Đỏ, xanh lá và tím",
          "Cam, xanh lá và tím",
          "Đen, trắng và xám",
        ],
      ),
      q(
        [
          "What is the rule of thirds?",
          "Placing key elements along lines that divide the frame into thirds",
          "Using only three colours",
          "Finishing a piece in three days",
          "Making three versions of everything",
        ],
        [
          "Quy tắc một phần ba là gì?",
          "Đặt các yếu tố chính dọc theo các đường chia khung hình thành ba phần",
          "Chỉ dùng ba màu",
          "Hoàn thành tác phẩm trong ba ngày",
          "Làm ba phiên bản cho mọi thứ",
        ],
      ),
      q(
        [
          "What are complementary colours?",
          "Colours opposite each other on the colour wheel",
          "Colours next to each other on the colour wheel",
          "Different shades of one colour",
          "Only black and white",
        ],
        [
          "Màu bổ túc là gì?",
          "Các màu nằm đối diện nhau trên vòng thuần sắc",
          "Các màu nằm cạnh nhau trên vòng thuần sắc",
          "Các sắc độ khác nhau của một màu",
          "Chỉ gồm đen và trắng",
        ],
      ),
      q(
        [
          "What is a focal point?",
          "The area that draws the viewer's attention first",
          "The edge of the canvas",
          "The artist's signature",
          "The background colour",
        ],
        [
          "Điểm nhấn (focal point) là gì?",
          "Vùng thu hút ánh nhìn của người xem đầu tiên",
          "Mép của khung tranh",
          "Chữ ký của tác giả",
          "Màu nền",
        ],
      ),
      q(
        [
          "Why do artists make quick sketches first?",
          "To explore ideas before committing to the final piece",
          "To use up spare paper",
          "Because final pieces need no planning",
          "To copy other artists exactly",
        ],
        [
          "Vì sao người sáng tác thường phác thảo nhanh trước?",
          "Để thử nghiệm ý tưởng trước khi làm tác phẩm hoàn chỉnh",
          "Để dùng hết giấy thừa",
          "Vì tác phẩm hoàn chỉnh không cần lên kế hoạch",
          "Để sao chép y hệt tác phẩm của người khác",
        ],
      ),
    ],
    intermediate: [
      q(
        [
          "What does 'value' mean in art?",
          "How light or dark a colour is",
          "How much the artwork costs",
          "The size of the canvas",
          "The number of colours used",
        ],
        [
          "Độ sáng tối (value) trong mỹ thuật nghĩa là gì?",
          "Mức độ sáng hay tối của một màu",
          "Giá bán của tác phẩm",
          "Kích thước khung tranh",
          "Số lượng màu được dùng",
        ],
      ),
      q(
        [
          "What is negative space?",
          "The empty area around and between the subjects",
          "Only the dark colours",
          "A mistake in the composition",
          "The back of the canvas",
        ],
        [
          "Khoảng trống âm (negative space) là gì?",
          "Vùng trống xung quanh và giữa các chủ thể",
          "Chỉ những màu tối",
          "Một lỗi trong bố cục",
          "Mặt sau của khung tranh",
        ],
      ),
      q(
        [
          "Which colour scheme uses colours that sit next to each other on the colour wheel?",
          "Analogous",
          "Complementary",
          "Triadic",
          "Split-complementary",
        ],
        [
          "Cách phối màu nào dùng các màu nằm cạnh nhau trên vòng thuần sắc?",
          "Phối màu tương đồng",
          "Phối màu bổ túc",
          "Phối màu bộ ba",
          "Phối màu bổ túc xen kẽ",
        ],
      ),
      q(
        [
          "What makes a critique constructive?",
          "Specific observations with suggestions for improvement",
          "Only saying that you like it",
          "Harshly comparing the artist with others",
          "Talking about the artist instead of the work",
        ],
        [
          "Điều gì làm cho một lời nhận xét mang tính xây dựng?",
          "Nhận xét cụ thể kèm gợi ý cải thiện",
          "Chỉ nói rằng mình thích",
          "So sánh gay gắt tác giả với người khác",
          "Nói về con người thay vì tác phẩm",
        ],
      ),
      q(
        [
          "What is visual hierarchy?",
          "Arranging elements so viewers notice them in order of importance",
          "Ranking artists by fame",
          "Sorting layers alphabetically",
          "Always using the largest canvas",
        ],
        [
          "Phân cấp thị giác là gì?",
          "Sắp xếp các yếu tố để người xem chú ý theo thứ tự quan trọng",
          "Xếp hạng nghệ sĩ theo độ nổi tiếng",
          "Sắp xếp các lớp theo bảng chữ cái",
          "Luôn dùng khung tranh lớn nhất",
        ],
      ),
    ],
    advanced: [
      q(
        [
          "What is the main purpose of a mood board?",
          "To define the visual direction before production",
          "To record working hours",
          "To list the client's invoices",
          "To replace the final design",
        ],
        [
          "Mục đích chính của mood board là gì?",
          "Xác định định hướng hình ảnh trước khi bắt tay thực hiện",
          "Ghi lại số giờ làm việc",
          "Liệt kê hóa đơn của khách hàng",
          "Thay thế cho thiết kế cuối cùng",
        ],
      ),
      q(
        [
          "What does a strong, cohesive portfolio show?",
          "A consistent style and the range of skills clients need",
          "Every piece you have ever made",
          "Only unfinished work",
          "Work by many different artists",
        ],
        [
          "Một portfolio mạnh và nhất quán thể hiện điều gì?",
          "Phong cách thống nhất và những kỹ năng khách hàng cần",
          "Mọi tác phẩm bạn từng làm",
          "Chỉ các tác phẩm chưa hoàn thành",
          "Tác phẩm của nhiều nghệ sĩ khác nhau",
        ],
      ),
      q(
        [
          "Which licence lets others reuse your work as long as they credit you?",
          "Creative Commons Attribution (CC BY)",
          "All rights reserved",
          "Trade secret",
          "Non-disclosure agreement",
        ],
        [
          "Giấy phép nào cho phép người khác sử dụng lại tác phẩm miễn là ghi nguồn?",
          "Creative Commons Ghi công (CC BY)",
          "Bảo lưu mọi quyền",
          "Bí mật kinh doanh",
          "Thỏa thuận bảo mật (NDA)",
        ],
      ),
      q(
        [
          "What is simultaneous contrast?",
          "A colour looking different depending on the colours around it",
          "Using two brushes at the same time",
          "Two artists working on one piece",
          "Printing in two colours",
        ],
        [
          "Tương phản đồng thời là gì?",
          "Hiện tượng một màu trông khác đi tùy vào các màu xung quanh",
          "Dùng hai cọ cùng lúc",
          "Hai nghệ sĩ cùng làm một tác phẩm",
          "In bằng hai màu",
        ],
      ),
      q(
        [
          "When pricing commissioned work, what should the quote include?",
          "Time, materials, usage rights and the number of revisions",
          "Only the cost of materials",
          "Exactly what a competitor charges",
          "One fixed price whatever the scope",
        ],
        [
          "Khi báo giá tác phẩm đặt hàng, bạn nên tính những gì?",
          "Thời gian, vật liệu, quyền sử dụng và số lần chỉnh sửa",
          "Chỉ chi phí vật liệu",
          "Đúng bằng giá của đối thủ",
          "Một mức giá cố định bất kể khối lượng công việc",
        ],
      ),
    ],
  },
  worksheet: {
    beginner: [
      w(
        ["Name the complementary colour of red, of blue and of yellow.", "Green, orange and purple"],
        ["Cho biết màu bổ túc của đỏ, xanh lam và vàng.", "Xanh lá, cam và tím"],
      ),
      w(
        ["Draw a 3×3 grid over a photo and mark where the main subject sits. Is it on a third line?"],
        [
          "Kẻ lưới 3×3 lên một bức ảnh và đánh dấu vị trí chủ thể chính. Chủ thể có nằm trên đường một phần ba không?",
        ],
      ),
      w(
        ["Make five one-minute sketches of the same object from different angles."],
        ["Vẽ năm bản phác thảo một phút về cùng một đồ vật từ các góc nhìn khác nhau."],
      ),
      w(
        ["List the tools you will use in this course and what each one is for."],
        ["Liệt kê các dụng cụ bạn sẽ dùng trong khóa học và công dụng của từng dụng cụ."],
      ),
    ],
    intermediate: [
      w(
        ["Create a five-step value scale from the lightest to the darkest tone."],
        ["Tạo một thang độ sáng tối gồm năm bậc, từ sáng nhất đến tối nhất."],
      ),
      w(
        [
          "Choose an analogous colour scheme for a calm poster and name the three colours.",
          "For example: blue, blue-green and green",
        ],
        [
          "Chọn một cách phối màu tương đồng cho tấm áp phích mang cảm giác yên bình và nêu tên ba màu.",
          "Ví dụ: xanh lam, xanh ngọc và xanh lá",
        ],
      ),
      w(
        ["Rework one of your earlier pieces so that it has a single clear focal point. What did you change?"],
        ["Chỉnh sửa một tác phẩm cũ để có một điểm nhấn rõ ràng duy nhất. Bạn đã thay đổi những gì?"],
      ),
      w(
        [
          "Write a constructive critique of a classmate's work: one strength, one suggestion and one question.",
        ],
        [
          "Viết nhận xét mang tính xây dựng cho tác phẩm của một bạn học: một điểm mạnh, một gợi ý và một câu hỏi.",
        ],
      ),
    ],
    advanced: [
      w(
        [
          "Build a mood board of 8–12 images for a new project and sum up its direction in one sentence.",
          "A good board has a consistent palette, lighting and mood; the sentence names the feeling and the audience.",
        ],
        [
          "Tạo một mood board gồm 8–12 hình ảnh cho dự án mới và tóm tắt định hướng của nó trong một câu.",
          "Một mood board tốt có bảng màu, ánh sáng và cảm xúc nhất quán; câu tóm tắt nêu rõ cảm xúc và đối tượng hướng tới.",
        ],
      ),
      w(
        ["Select ten pieces for your portfolio and explain the order you chose."],
        ["Chọn mười tác phẩm cho portfolio và giải thích thứ tự sắp xếp của bạn."],
      ),
      w(
        [
          "Write a price quote for a commission that covers time, materials, usage rights and revisions.",
          "For example: 12 hours × your hourly rate + materials + a licence fee for commercial use, two rounds of revisions included.",
        ],
        [
          "Soạn một bảng báo giá cho đơn đặt hàng, bao gồm thời gian, vật liệu, quyền sử dụng và số lần chỉnh sửa.",
          "Ví dụ: 12 giờ × đơn giá theo giờ + vật liệu + phí bản quyền sử dụng thương mại, đã bao gồm hai lần chỉnh sửa.",
        ],
      ),
      w(
        ["Analyse a master work: how do colour, composition and value lead the viewer's eye?"],
        ["Phân tích một kiệt tác: màu sắc, bố cục và độ sáng tối dẫn dắt ánh nhìn người xem như thế nào?"],
      ),
    ],
  },
  essay: {
    beginner: {
      en: "Describe a work of art or design related to {topic} that inspires you, and explain what makes it work.",
      vi: "Hãy mô tả một tác phẩm nghệ thuật hoặc thiết kế liên quan đến {topic} truyền cảm hứng cho bạn và giải thích điều gì làm nên sức hút của nó.",
    },
    intermediate: {
      en: "Explain the creative choices (colour, composition, technique) in one of your own {topic} pieces and what you would change next time.",
      vi: "Hãy giải thích các lựa chọn sáng tạo (màu sắc, bố cục, kỹ thuật) trong một tác phẩm {topic} của bạn và điều bạn sẽ thay đổi ở lần sau.",
    },
    advanced: {
      en: "Write an artist statement for a series of {topic} works: your theme, influences, process and intended audience.",
      vi: "Hãy viết một bản tuyên ngôn nghệ thuật cho loạt tác phẩm {topic} của bạn: chủ đề, nguồn cảm hứng, quy trình sáng tác và công chúng hướng tới.",
    },
  },
  shortAnswers: [
    w(
      [
        "Explain how you would create a clear focal point in a composition.",
        "Use contrast of value or colour, place the subject on a third line, simplify the background and lead the eye with lines.",
      ],
      [
        "Giải thích cách bạn tạo một điểm nhấn rõ ràng trong bố cục.",
        "Dùng tương phản sáng tối hoặc màu sắc, đặt chủ thể trên đường một phần ba, đơn giản hóa hậu cảnh và dùng đường dẫn hướng ánh nhìn.",
      ],
    ),
    w(
      [
        "Describe your process from idea to finished piece.",
        "Research and references, thumbnail sketches, choosing the best idea, refining, finishing, then reviewing and asking for feedback.",
      ],
      [
        "Mô tả quy trình của bạn từ ý tưởng đến tác phẩm hoàn chỉnh.",
        "Tìm tư liệu tham khảo, phác thảo nhỏ, chọn ý tưởng tốt nhất, trau chuốt, hoàn thiện, rồi tự đánh giá và xin góp ý.",
      ],
    ),
  ],
};

const SCIENCE: Bank = {
  quiz: {
    beginner: [
      q(
        [
          "What is a hypothesis?",
          "A testable prediction about what will happen",
          "A law of nature that has been proven",
          "A list of lab equipment",
          "The final result of an experiment",
        ],
        [
          "Giả thuyết là gì?",
          "Một dự đoán có thể kiểm chứng về điều sẽ xảy ra",
          "Một định luật tự nhiên đã được chứng minh",
          "Danh sách dụng cụ thí nghiệm",
          "Kết quả cuối cùng của thí nghiệm",
        ],
      ),
      q(
        ["What is the SI unit of mass?", "Kilogram", "Newton", "Litre", "Metre"],
        ["Đơn vị đo khối lượng trong hệ SI là gì?", "Kilôgam", "Niutơn", "Lít", "Mét"],
      ),
      q(
        ["At sea level, pure water boils at…", "100 °C", "0 °C", "50 °C", "150 °C"],
        ["Ở mực nước biển, nước tinh khiết sôi ở…", "100 °C", "0 °C", "50 °C", "150 °C"],
      ),
      q(
        [
          "What is the independent variable in an experiment?",
          "The factor you change on purpose",
          "The factor you measure",
          "A factor you keep the same",
          "The conclusion",
        ],
        [
          "Biến độc lập trong thí nghiệm là gì?",
          "Yếu tố bạn chủ động thay đổi",
          "Yếu tố bạn đo lường",
          "Yếu tố được giữ nguyên",
          "Kết luận của thí nghiệm",
        ],
      ),
      q(
        [
          "Which gas do plants take in for photosynthesis?",
          "Carbon dioxide",
          "Oxygen",
          "Nitrogen",
          "Hydrogen",
        ],
        ["Thực vật hấp thụ khí nào để quang hợp?", "Khí cacbonic (CO₂)", "Khí oxi", "Khí nitơ", "Khí hiđro"],
      ),
    ],
    intermediate: [
      q(
        [
          "Why do scientists repeat experiments?",
          "To check that the results are reliable",
          "To get the answer they want",
          "Because the first result is always wrong",
          "To use more materials",
        ],
        [
          "Vì sao các nhà khoa học lặp lại thí nghiệm?",
          "Để kiểm tra kết quả có đáng tin cậy không",
          "Để có được đáp án mong muốn",
          "Vì kết quả đầu tiên luôn sai",
          "Để dùng nhiều vật liệu hơn",
        ],
      ),
      q(
        [
          "What is a control group?",
          "A group that does not receive the treatment, used for comparison",
          "The group that receives the most treatment",
          "The scientists running the test",
          "A group chosen after the results are known",
        ],
        [
          "Nhóm đối chứng là gì?",
          "Nhóm không nhận tác động, dùng để so sánh",
          "Nhóm nhận nhiều tác động nhất",
          "Những nhà khoa học thực hiện thí nghiệm",
          "Nhóm được chọn sau khi đã có kết quả",
        ],
      ),
      q(
        [
          "A graph of two quantities is a straight line through the origin. The quantities are…",
          "Directly proportional",
          "Inversely proportional",
          "Unrelated",
          "Always equal",
        ],
        [
          "Đồ thị của hai đại lượng là một đường thẳng đi qua gốc tọa độ. Hai đại lượng này…",
          "Tỉ lệ thuận",
          "Tỉ lệ nghịch",
          "Không liên quan đến nhau",
          "Luôn bằng nhau",
        ],
      ),
      q(
        [
          "What does a correlation NOT prove on its own?",
          "That one variable causes the other",
          "That two variables change together",
          "That data was collected",
          "That a pattern exists in the data",
        ],
        [
          "Chỉ riêng mối tương quan KHÔNG chứng minh được điều gì?",
          "Biến này là nguyên nhân gây ra biến kia",
          "Hai biến thay đổi cùng nhau",
          "Dữ liệu đã được thu thập",
          "Dữ liệu có một xu hướng",
        ],
      ),
      q(
        [
          "Average speed is calculated as…",
          "distance ÷ time",
          "time ÷ distance",
          "distance × time",
          "mass × acceleration",
        ],
        [
          "Tốc độ trung bình được tính bằng…",
          "quãng đường ÷ thời gian",
          "thời gian ÷ quãng đường",
          "quãng đường × thời gian",
          "khối lượng × gia tốc",
        ],
      ),
    ],
    advanced: [
      q(
        [
          "What does a p-value below 0.05 usually indicate?",
          "The result is statistically significant at the 5% level",
          "The hypothesis is certainly true",
          "The experiment contained 5 errors",
          "The effect must be large",
        ],
        [
          "Giá trị p nhỏ hơn 0,05 thường cho biết điều gì?",
          "Kết quả có ý nghĩa thống kê ở mức 5%",
          "Giả thuyết chắc chắn đúng",
          "Thí nghiệm có 5 lỗi",
          "Hiệu ứng chắc chắn rất lớn",
        ],
      ),
      q(
        [
          "What is peer review?",
          "Evaluation of research by independent experts before publication",
          "Students grading each other's homework",
          "A check of lab safety rules",
          "Repeating an experiment at home",
        ],
        [
          "Bình duyệt (peer review) là gì?",
          "Các chuyên gia độc lập đánh giá nghiên cứu trước khi công bố",
          "Học sinh chấm bài cho nhau",
          "Kiểm tra quy tắc an toàn phòng thí nghiệm",
          "Lặp lại thí nghiệm tại nhà",
        ],
      ),
      q(
        [
          "What is a systematic error?",
          "An error that shifts every measurement in the same direction",
          "A random error that averages out",
          "A typing mistake in the report",
          "An error that happens only once",
        ],
        [
          "Sai số hệ thống là gì?",
          "Sai số làm lệch mọi phép đo theo cùng một hướng",
          "Sai số ngẫu nhiên sẽ triệt tiêu khi lấy trung bình",
          "Lỗi đánh máy trong báo cáo",
          "Lỗi chỉ xảy ra một lần",
        ],
      ),
      q(
        [
          "What makes a scientific theory strong?",
          "It explains many observations and makes testable predictions",
          "It is very old",
          "Famous scientists like it",
          "It can never be tested",
        ],
        [
          "Điều gì làm cho một lý thuyết khoa học vững chắc?",
          "Giải thích được nhiều quan sát và đưa ra dự đoán kiểm chứng được",
          "Nó đã có từ rất lâu",
          "Được các nhà khoa học nổi tiếng ưa thích",
          "Không bao giờ kiểm chứng được",
        ],
      ),
      q(
        [
          "Why are computer simulations useful in research?",
          "They let you test models when real experiments are impractical",
          "They always give the exact true answer",
          "They remove the need for any data",
          "They make peer review unnecessary",
        ],
        [
          "Vì sao mô phỏng trên máy tính hữu ích trong nghiên cứu?",
          "Cho phép kiểm tra mô hình khi thí nghiệm thực tế khó thực hiện",
          "Luôn cho ra kết quả chính xác tuyệt đối",
          "Không cần bất kỳ dữ liệu nào",
          "Khiến việc bình duyệt trở nên không cần thiết",
        ],
      ),
    ],
  },
  worksheet: {
    beginner: [
      w(["Convert 2.5 kilograms into grams.", "2,500 g"], ["Đổi 2,5 kilôgam ra gam.", "2.500 g"]),
      w(
        [
          "Write a hypothesis for the question: Does sunlight affect how fast a plant grows?",
          "For example: If a plant gets more sunlight, then it will grow taller in two weeks.",
        ],
        [
          "Viết một giả thuyết cho câu hỏi: Ánh sáng mặt trời có ảnh hưởng đến tốc độ lớn của cây không?",
          "Ví dụ: Nếu cây nhận nhiều ánh sáng hơn thì sau hai tuần cây sẽ cao hơn.",
        ],
      ),
      w(
        [
          "Name the independent, dependent and controlled variables in a plant-growth experiment.",
          "Independent: amount of sunlight; dependent: plant height; controlled: water, soil and pot size",
        ],
        [
          "Xác định biến độc lập, biến phụ thuộc và các biến được kiểm soát trong thí nghiệm về sự phát triển của cây.",
          "Biến độc lập: lượng ánh sáng; biến phụ thuộc: chiều cao cây; biến kiểm soát: lượng nước, loại đất, kích thước chậu",
        ],
      ),
      w(
        [
          "List three safety rules for working in a lab.",
          "Wear safety goggles, never eat or drink in the lab, report spills and accidents at once",
        ],
        [
          "Liệt kê ba quy tắc an toàn khi làm việc trong phòng thí nghiệm.",
          "Đeo kính bảo hộ, không ăn uống trong phòng thí nghiệm, báo ngay khi có sự cố hoặc đổ hóa chất",
        ],
      ),
    ],
    intermediate: [
      w(
        ["A car travels 150 km in 2.5 hours. What is its average speed?", "60 km/h"],
        ["Một ô tô đi được 150 km trong 2,5 giờ. Tốc độ trung bình của ô tô là bao nhiêu?", "60 km/h"],
      ),
      w(
        [
          "Plot these points: 0 s – 0 m, 1 s – 5 m, 2 s – 10 m, 3 s – 15 m. Describe the relationship.",
          "A straight line through the origin: distance is proportional to time (5 m/s)",
        ],
        [
          "Vẽ đồ thị từ các điểm: 0 s – 0 m, 1 s – 5 m, 2 s – 10 m, 3 s – 15 m. Mô tả mối quan hệ.",
          "Đường thẳng đi qua gốc tọa độ: quãng đường tỉ lệ thuận với thời gian (5 m/s)",
        ],
      ),
      w(
        [
          "Design a fair test to compare two brands of battery.",
          "Change only the brand; keep the device, temperature and usage the same; repeat three times",
        ],
        [
          "Thiết kế một thí nghiệm công bằng để so sánh hai nhãn hiệu pin.",
          "Chỉ thay đổi nhãn hiệu pin; giữ nguyên thiết bị, nhiệt độ và cách sử dụng; lặp lại ba lần",
        ],
      ),
      w(
        [
          "Explain with an example why correlation does not prove causation.",
          "Ice-cream sales and drownings both rise in summer because of hot weather, not because one causes the other",
        ],
        [
          "Giải thích kèm ví dụ vì sao tương quan không chứng minh quan hệ nhân quả.",
          "Doanh số kem và số vụ đuối nước cùng tăng vào mùa hè vì trời nóng, chứ không phải vì cái này gây ra cái kia",
        ],
      ),
    ],
    advanced: [
      w(
        [
          "Measurements: 9.6, 9.8, 9.7, 9.9, 9.5. Calculate the mean and describe the spread.",
          "Mean 9.7; range 0.4",
        ],
        [
          "Các số đo: 9,6; 9,8; 9,7; 9,9; 9,5. Tính giá trị trung bình và mô tả độ phân tán.",
          "Trung bình 9,7; khoảng biến thiên 0,4",
        ],
      ),
      w(
        [
          "Name one possible systematic error in a pendulum experiment and how to reduce it.",
          "Reaction time when starting the stopwatch; time ten swings and divide by ten",
        ],
        [
          "Nêu một sai số hệ thống có thể gặp trong thí nghiệm con lắc và cách giảm thiểu.",
          "Thời gian phản xạ khi bấm đồng hồ; đo thời gian mười dao động rồi chia cho mười",
        ],
      ),
      w(
        ["Summarise a recent research article: question, method, main result and one limitation."],
        ["Tóm tắt một bài báo nghiên cứu gần đây: câu hỏi, phương pháp, kết quả chính và một hạn chế."],
      ),
      w(
        [
          "Propose a simple model that predicts how a population grows and state its assumptions.",
          "For example exponential growth P = P0 · e^(rt), assuming unlimited resources",
        ],
        [
          "Đề xuất một mô hình đơn giản dự đoán sự tăng trưởng của một quần thể và nêu các giả định.",
          "Ví dụ tăng trưởng hàm mũ P = P0 · e^(rt), giả định nguồn sống không giới hạn",
        ],
      ),
    ],
  },
  essay: {
    beginner: {
      en: "Explain a scientific idea from {topic} that you can see in everyday life, as if you were teaching a younger student.",
      vi: "Hãy giải thích một hiện tượng khoa học trong {topic} mà bạn gặp trong đời sống hằng ngày, như thể bạn đang giảng cho một em nhỏ.",
    },
    intermediate: {
      en: "Describe an experiment you could run to answer a question about {topic}: hypothesis, variables, method and expected results.",
      vi: "Hãy mô tả một thí nghiệm bạn có thể thực hiện để trả lời một câu hỏi về {topic}: giả thuyết, các biến, phương pháp và kết quả dự kiến.",
    },
    advanced: {
      en: "Critically evaluate a scientific claim related to {topic}: the evidence behind it, its limitations and what further research is needed.",
      vi: "Hãy đánh giá có phản biện một nhận định khoa học liên quan đến {topic}: bằng chứng ủng hộ, những hạn chế và các nghiên cứu cần thực hiện thêm.",
    },
  },
  shortAnswers: [
    w(
      [
        "Explain why a fair test changes only one variable at a time.",
        "So that any change in the result can be linked to that one variable; keeping the other factors constant avoids mixing up their effects.",
      ],
      [
        "Giải thích vì sao một thí nghiệm công bằng chỉ thay đổi một biến mỗi lần.",
        "Để mọi thay đổi của kết quả có thể quy cho đúng biến đó; giữ nguyên các yếu tố khác giúp tránh lẫn lộn ảnh hưởng.",
      ],
    ),
    w(
      [
        "Describe how you would present the results of an experiment.",
        "A table with units, a suitable graph, a short description of the pattern and a conclusion that answers the question.",
      ],
      [
        "Mô tả cách bạn trình bày kết quả của một thí nghiệm.",
        "Bảng số liệu có đơn vị, một đồ thị phù hợp, mô tả ngắn về xu hướng và kết luận trả lời câu hỏi nghiên cứu.",
      ],
    ),
  ],
};

const GENERAL: Bank = {
  quiz: {
    beginner: [
      q(
        [
          "Which study technique helps you remember information the longest?",
          "Spaced repetition over several days",
          "Re-reading the same page many times in one night",
          "Highlighting every sentence",
          "Studying only right before the exam",
        ],
        [
          "Kỹ thuật học nào giúp ghi nhớ lâu nhất?",
          "Ôn tập ngắt quãng trong nhiều ngày",
          "Đọc đi đọc lại một trang trong một đêm",
          "Tô đậm mọi câu",
          "Chỉ học ngay trước kỳ thi",
        ],
      ),
      q(
        [
          "What is active recall?",
          "Testing yourself by retrieving information from memory",
          "Re-reading your notes",
          "Listening to music while studying",
          "Copying the textbook",
        ],
        [
          "Chủ động gợi nhớ (active recall) là gì?",
          "Tự kiểm tra bằng cách nhớ lại thông tin từ trí nhớ",
          "Đọc lại ghi chép",
          "Nghe nhạc khi học",
          "Chép lại sách giáo khoa",
        ],
      ),
      q(
        [
          "A SMART goal is…",
          "Specific, measurable, achievable, relevant and time-bound",
          "Short, modern, ambitious, rare and tough",
          "Simple, mandatory, average, random and timeless",
          "Secret, manual, automatic, remote and tested",
        ],
        [
          "Mục tiêu SMART là mục tiêu…",
          "Cụ thể, đo lường được, khả thi, phù hợp và có thời hạn",
          "Ngắn, hiện đại, tham vọng, hiếm và khó",
          "Đơn giản, bắt buộc, trung bình, ngẫu nhiên và vô thời hạn",
          "Bí mật, thủ công, tự động, từ xa và đã kiểm tra",
        ],
      ),
      q(
        [
          "What should you do when you do not understand a lesson?",
          "Write down the exact question and ask the teacher or the community",
          "Skip the rest of the course",
          "Pretend you understood",
          "Memorise the words without their meaning",
        ],
        [
          "Bạn nên làm gì khi chưa hiểu một bài học?",
          "Ghi lại câu hỏi cụ thể và hỏi giáo viên hoặc cộng đồng",
          "Bỏ qua phần còn lại của khóa học",
          "Giả vờ như đã hiểu",
          "Học thuộc lòng mà không hiểu nghĩa",
        ],
      ),
      q(
        [
          "Why take short breaks while studying?",
          "They help you stay focused and remember more",
          "They only waste time",
          "They replace sleep",
          "They make the lessons shorter",
        ],
        [
          "Vì sao nên nghỉ ngắn trong khi học?",
          "Giúp duy trì tập trung và ghi nhớ tốt hơn",
          "Chỉ làm mất thời gian",
          "Thay thế cho giấc ngủ",
          "Làm bài học ngắn lại",
        ],
      ),
    ],
    intermediate: [
      q(
        [
          "What is the Feynman technique?",
          "Explaining a concept in simple words to find the gaps in your understanding",
          "Studying for ten hours without a break",
          "Learning only from videos",
          "Memorising definitions word for word",
        ],
        [
          "Kỹ thuật Feynman là gì?",
          "Giải thích một khái niệm bằng lời đơn giản để tìm ra chỗ mình chưa hiểu",
          "Học mười tiếng liền không nghỉ",
          "Chỉ học qua video",
          "Học thuộc định nghĩa từng chữ",
        ],
      ),
      q(
        [
          "Which is the best evidence that you have mastered a skill?",
          "You can apply it to a new problem without help",
          "You watched every lesson",
          "You took a lot of notes",
          "You recognise the terms",
        ],
        [
          "Dấu hiệu nào cho thấy rõ nhất bạn đã thành thạo một kỹ năng?",
          "Bạn vận dụng được vào vấn đề mới mà không cần trợ giúp",
          "Bạn đã xem hết mọi bài học",
          "Bạn ghi chép rất nhiều",
          "Bạn nhận ra các thuật ngữ",
        ],
      ),
      q(
        [
          "What is interleaving?",
          "Mixing different types of problems in one practice session",
          "Studying one topic for a whole month",
          "Taking notes in two colours",
          "Always studying in a group",
        ],
        [
          "Học xen kẽ (interleaving) là gì?",
          "Trộn nhiều dạng bài khác nhau trong một buổi luyện tập",
          "Học một chủ đề suốt cả tháng",
          "Ghi chép bằng hai màu mực",
          "Luôn học theo nhóm",
        ],
      ),
      q(
        [
          "What makes feedback most useful?",
          "It is specific, timely and linked to a goal",
          "It is vague and general",
          "It arrives months later",
          "It only lists mistakes",
        ],
        [
          "Điều gì khiến phản hồi hữu ích nhất?",
          "Cụ thể, kịp thời và gắn với mục tiêu",
          "Mơ hồ và chung chung",
          "Đến sau nhiều tháng",
          "Chỉ liệt kê lỗi sai",
        ],
      ),
      q(
        [
          "What is a growth mindset?",
          "Believing abilities can be developed through effort and practice",
          "Believing talent is fixed at birth",
          "Avoiding difficult tasks",
          "Only studying what is easy",
        ],
        [
          "Tư duy phát triển là gì?",
          "Tin rằng năng lực có thể phát triển qua nỗ lực và luyện tập",
          "Tin rằng tài năng là bẩm sinh và cố định",
          "Né tránh nhiệm vụ khó",
          "Chỉ học những gì dễ",
        ],
      ),
    ],
    advanced: [
      q(
        [
          "What is deliberate practice?",
          "Focused practice on specific weaknesses, with feedback",
          "Repeating what you already do well",
          "Practising without any goal",
          "Watching experts without trying yourself",
        ],
        [
          "Luyện tập có chủ đích là gì?",
          "Luyện tập tập trung vào điểm yếu cụ thể và có phản hồi",
          "Lặp lại những gì đã làm tốt",
          "Luyện tập không có mục tiêu",
          "Chỉ xem chuyên gia làm mà không tự thử",
        ],
      ),
      q(
        [
          "What is transfer of learning?",
          "Using knowledge from one context in a new one",
          "Moving your notes to a new notebook",
          "Switching to another course",
          "Copying a classmate's answers",
        ],
        [
          "Chuyển giao kiến thức (transfer of learning) là gì?",
          "Vận dụng kiến thức từ bối cảnh này sang bối cảnh mới",
          "Chép ghi chú sang vở mới",
          "Chuyển sang khóa học khác",
          "Chép đáp án của bạn cùng lớp",
        ],
      ),
      q(
        [
          "What is metacognition?",
          "Thinking about and managing your own thinking and learning",
          "Studying many subjects at once",
          "Memorising large amounts of data",
          "Learning with computers",
        ],
        [
          "Siêu nhận thức (metacognition) là gì?",
          "Suy nghĩ về và điều chỉnh chính quá trình tư duy, học tập của mình",
          "Học nhiều môn cùng lúc",
          "Ghi nhớ một lượng lớn dữ liệu",
          "Học bằng máy tính",
        ],
      ),
      q(
        [
          "Which approach best evaluates a complex project?",
          "A rubric with clear criteria and levels",
          "A single yes/no answer",
          "The number of pages",
          "How long it took",
        ],
        [
          "Cách nào đánh giá tốt nhất một dự án phức tạp?",
          "Thang đánh giá (rubric) với tiêu chí và mức độ rõ ràng",
          "Một câu trả lời có hoặc không",
          "Số trang của dự án",
          "Thời gian thực hiện",
        ],
      ),
      q(
        [
          "What is the main risk of the 'illusion of competence'?",
          "Feeling you know material because it looks familiar, without being able to use it",
          "Studying too many hours",
          "Asking too many questions",
          "Taking too many tests",
        ],
        [
          "Rủi ro chính của 'ảo tưởng năng lực' là gì?",
          "Tưởng mình đã biết vì thấy quen, nhưng không thể vận dụng",
          "Học quá nhiều giờ",
          "Đặt quá nhiều câu hỏi",
          "Làm quá nhiều bài kiểm tra",
        ],
      ),
    ],
  },
  worksheet: {
    beginner: [
      w(
        [
          "Write one SMART goal for this course on {topic}.",
          "For example: Finish two lessons a week and pass every section quiz by the end of next month.",
        ],
        [
          "Viết một mục tiêu SMART cho khóa học {topic} này.",
          "Ví dụ: Học xong hai bài mỗi tuần và vượt qua mọi bài kiểm tra cuối phần trước cuối tháng sau.",
        ],
      ),
      w(
        ["Plan a weekly study schedule: which days, for how long and what you will review."],
        ["Lập lịch học hằng tuần: học vào những ngày nào, trong bao lâu và sẽ ôn lại nội dung gì."],
      ),
      w(
        ["After your first lesson, write down three things you learned without looking at your notes."],
        ["Sau bài học đầu tiên, hãy viết ra ba điều bạn đã học mà không nhìn vào ghi chép."],
      ),
      w(
        ["List two questions about {topic} that you want this course to answer."],
        ["Liệt kê hai câu hỏi về {topic} mà bạn mong khóa học này sẽ giải đáp."],
      ),
    ],
    intermediate: [
      w(
        [
          "Explain the main idea of the last lesson in five simple sentences (the Feynman technique).",
          "Use everyday words and no jargon; any step you cannot explain simply shows a gap to review.",
        ],
        [
          "Giải thích ý chính của bài học gần nhất trong năm câu đơn giản (kỹ thuật Feynman).",
          "Dùng từ ngữ đời thường, không dùng thuật ngữ; bước nào không giải thích đơn giản được chính là chỗ cần ôn lại.",
        ],
      ),
      w(
        [
          "Create five flashcards about {topic}, with a question on the front and the answer on the back.",
          "Each card asks about one idea and has a short answer you can check quickly.",
        ],
        [
          "Tạo năm thẻ ghi nhớ về {topic}: câu hỏi ở mặt trước, đáp án ở mặt sau.",
          "Mỗi thẻ chỉ hỏi về một ý và có đáp án ngắn để tự kiểm tra nhanh.",
        ],
      ),
      w(
        ["Apply one new idea from the course to a real situation and describe what happened."],
        ["Áp dụng một ý tưởng mới từ khóa học vào một tình huống thực tế và mô tả kết quả."],
      ),
      w(
        ["Ask a classmate for feedback on your work and note one change you will make."],
        ["Xin một bạn học góp ý cho bài làm của bạn và ghi lại một điều bạn sẽ thay đổi."],
      ),
    ],
    advanced: [
      w(
        [
          "Identify your two weakest skills in {topic} and design a deliberate practice plan for each.",
          "Each plan names the skill, a specific exercise, how often you practise and how you will get feedback.",
        ],
        [
          "Xác định hai kỹ năng yếu nhất của bạn trong {topic} và lập kế hoạch luyện tập có chủ đích cho từng kỹ năng.",
          "Mỗi kế hoạch nêu rõ kỹ năng, bài tập cụ thể, tần suất luyện tập và cách nhận phản hồi.",
        ],
      ),
      w(
        [
          "Create a rubric with four criteria to evaluate your final project.",
          "For example: accuracy, depth of analysis, use of evidence and presentation, each scored 1–4 with a description of every level.",
        ],
        [
          "Xây dựng một thang đánh giá (rubric) gồm bốn tiêu chí cho dự án cuối khóa của bạn.",
          "Ví dụ: độ chính xác, chiều sâu phân tích, sử dụng dẫn chứng và cách trình bày, mỗi tiêu chí chấm từ 1 đến 4 kèm mô tả từng mức.",
        ],
      ),
      w(
        ["Teach a five-minute mini-lesson to someone and write down the questions they asked."],
        ["Dạy một bài học ngắn năm phút cho một người khác và ghi lại các câu hỏi họ đặt ra."],
      ),
      w(
        ["Reflect: which strategy helped you learn fastest in this course, and why?"],
        ["Suy ngẫm: chiến lược nào giúp bạn học nhanh nhất trong khóa học này, và vì sao?"],
      ),
    ],
  },
  essay: {
    beginner: {
      en: "Explain why {topic} matters to you and what you hope to achieve by the end of this course.",
      vi: "Hãy giải thích vì sao {topic} quan trọng với bạn và bạn mong đạt được điều gì khi kết thúc khóa học.",
    },
    intermediate: {
      en: "Describe how you would apply what you learned in {topic} to a real situation, including the obstacles and how you would overcome them.",
      vi: "Hãy mô tả cách bạn vận dụng kiến thức {topic} vào một tình huống thực tế, kể cả những trở ngại và cách vượt qua chúng.",
    },
    advanced: {
      en: "Critically assess a common belief or practice in {topic}, using evidence and examples to support your position.",
      vi: "Hãy đánh giá có phản biện một quan niệm hoặc cách làm phổ biến trong {topic}, dùng bằng chứng và ví dụ để bảo vệ quan điểm của bạn.",
    },
  },
  shortAnswers: [
    w(
      [
        "Explain one learning strategy you used in this course and how it helped you.",
        "Spaced repetition: I reviewed my flashcards every two days, which helped me remember the key terms for the final quiz.",
      ],
      [
        "Giải thích một chiến lược học tập bạn đã dùng trong khóa học và nó giúp bạn thế nào.",
        "Ôn tập ngắt quãng: mình ôn thẻ ghi nhớ hai ngày một lần nên nhớ được các thuật ngữ chính cho bài kiểm tra cuối khóa.",
      ],
    ),
    w(
      [
        "Describe how you will apply what you learned over the next month.",
        "A concrete plan with a goal, weekly actions and a way to measure progress.",
      ],
      [
        "Mô tả cách bạn sẽ áp dụng những gì đã học trong tháng tới.",
        "Một kế hoạch cụ thể gồm mục tiêu, hành động hằng tuần và cách đo lường sự tiến bộ.",
      ],
    ),
  ],
};

const BANKS: Record<MaterialBankSubject, Bank> = {
  programming: PROGRAMMING,
  language: LANGUAGE,
  business: BUSINESS,
  creative: CREATIVE,
  science: SCIENCE,
  general: GENERAL,
};

const SUBJECT_LABELS: Record<MaterialBankSubject, Record<Locale, string>> = {
  programming: { en: "Programming", vi: "Lập trình" },
  language: { en: "Language", vi: "Ngôn ngữ" },
  business: { en: "Business", vi: "Kinh doanh" },
  creative: { en: "Creative arts", vi: "Sáng tạo nghệ thuật" },
  science: { en: "Science", vi: "Khoa học" },
  general: { en: "General", vi: "Tổng quát" },
};
/** What the material is about when the request names no topic. */
const SUBJECT_TOPICS: Record<MaterialBankSubject, Record<Locale, string>> = {
  programming: { en: "programming", vi: "lập trình" },
  language: { en: "the language", vi: "ngôn ngữ" },
  business: { en: "business", vi: "kinh doanh" },
  creative: { en: "creative skills", vi: "kỹ năng sáng tạo" },
  science: { en: "science", vi: "khoa học" },
  general: { en: "effective learning", vi: "phương pháp học tập hiệu quả" },
};
const LEVEL_LABELS: Record<SkillLevel, Record<Locale, string>> = {
  beginner: { en: "Beginner", vi: "Cơ bản" },
  intermediate: { en: "Intermediate", vi: "Trung cấp" },
  advanced: { en: "Advanced", vi: "Nâng cao" },
};
const TYPE_LABELS: Record<AiMaterialType, Record<Locale, string>> = {
  quiz: { en: "Quiz", vi: "Trắc nghiệm" },
  worksheet: { en: "Worksheet", vi: "Phiếu bài tập" },
  essay: { en: "Essay prompt", vi: "Đề bài luận" },
  assessment: { en: "Assessment", vi: "Bài đánh giá" },
};

const ESSAY_GUIDANCE: Record<SkillLevel, Record<Locale, string[]>> = {
  beginner: {
    en: [
      "Start with a sentence that states your main idea.",
      "Give two or three concrete examples.",
      "Use short, clear sentences.",
      "Finish with a brief conclusion.",
    ],
    vi: [
      "Mở đầu bằng một câu nêu ý chính của bạn.",
      "Đưa ra hai đến ba ví dụ cụ thể.",
      "Dùng câu ngắn gọn, rõ ràng.",
      "Kết thúc bằng một đoạn kết luận ngắn.",
    ],
  },
  intermediate: {
    en: [
      "Introduce the topic and state your position.",
      "Build each body paragraph around one idea.",
      "Support every point with evidence or an example.",
      "Conclude by summarising your argument and reflecting on it.",
    ],
    vi: [
      "Giới thiệu vấn đề và nêu rõ quan điểm của bạn.",
      "Mỗi đoạn thân bài xoay quanh một ý.",
      "Củng cố mỗi luận điểm bằng bằng chứng hoặc ví dụ.",
      "Kết luận bằng cách tóm tắt lập luận và nêu suy nghĩ của bạn.",
    ],
  },
  advanced: {
    en: [
      "Frame the question and define the key terms.",
      "Present and evaluate opposing viewpoints.",
      "Support your arguments with evidence, data or sources.",
      "Acknowledge limitations and end with a justified judgement.",
    ],
    vi: [
      "Xác định rõ vấn đề và định nghĩa các thuật ngữ then chốt.",
      "Trình bày và đánh giá các quan điểm trái chiều.",
      "Củng cố lập luận bằng bằng chứng, số liệu hoặc nguồn tham khảo.",
      "Thừa nhận các hạn chế và kết thúc bằng một nhận định có cơ sở.",
    ],
  },
};

const ESSAY_RUBRIC: Record<SkillLevel, Record<Locale, RubricCriterion[]>> = {
  beginner: {
    en: [
      { criterion: "Ideas and content", points: 4 },
      { criterion: "Organisation", points: 3 },
      { criterion: "Language and clarity", points: 3 },
    ],
    vi: [
      { criterion: "Ý tưởng và nội dung", points: 4 },
      { criterion: "Bố cục", points: 3 },
      { criterion: "Ngôn ngữ và độ rõ ràng", points: 3 },
    ],
  },
  intermediate: {
    en: [
      { criterion: "Argument and ideas", points: 6 },
      { criterion: "Evidence and examples", points: 6 },
      { criterion: "Organisation", points: 4 },
      { criterion: "Language accuracy", points: 4 },
    ],
    vi: [
      { criterion: "Lập luận và ý tưởng", points: 6 },
      { criterion: "Dẫn chứng và ví dụ", points: 6 },
      { criterion: "Bố cục", points: 4 },
      { criterion: "Độ chính xác của ngôn ngữ", points: 4 },
    ],
  },
  advanced: {
    en: [
      { criterion: "Argument and critical thinking", points: 10 },
      { criterion: "Evidence and sources", points: 8 },
      { criterion: "Structure and coherence", points: 6 },
      { criterion: "Style and accuracy", points: 6 },
    ],
    vi: [
      { criterion: "Lập luận và tư duy phản biện", points: 10 },
      { criterion: "Bằng chứng và nguồn tham khảo", points: 8 },
      { criterion: "Cấu trúc và tính mạch lạc", points: 6 },
      { criterion: "Văn phong và độ chính xác", points: 6 },
    ],
  },
};

/** Words per essay, by level. */
const ESSAY_WORDS: Record<SkillLevel, { min: number; max: number }> = {
  beginner: { min: 150, max: 250 },
  intermediate: { min: 300, max: 500 },
  advanced: { min: 600, max: 900 },
};
/** Minutes a student needs, by material type and level. */
const DURATIONS: Record<AiMaterialType, Record<SkillLevel, number>> = {
  quiz: { beginner: 10, intermediate: 10, advanced: 15 },
  worksheet: { beginner: 20, intermediate: 30, advanced: 40 },
  essay: { beginner: 30, intermediate: 45, advanced: 60 },
  assessment: { beginner: 30, intermediate: 40, advanced: 45 },
};
const MCQ_POINTS = 2;
const SHORT_ANSWER_POINTS = 5;
const ASSESSMENT_PASS_MARK = 70;

/**
 * The bank used for a request's free-text category: the five course categories by name (also
 * their Vietnamese names and a few synonyms), anything else → "general".
 */
export function materialSubject(category: string | null | undefined): MaterialBankSubject {
  const value = (category ?? "").trim().toLowerCase();
  if (value in BANKS) return value as MaterialBankSubject;
  if (/program|coding|code|software|lập trình/.test(value)) return "programming";
  if (/language|english|ngôn ngữ|tiếng|ngoại ngữ/.test(value)) return "language";
  if (/business|marketing|finance|kinh doanh|tài chính/.test(value)) return "business";
  if (/creative|art|design|music|photo|sáng tạo|nghệ thuật|thiết kế/.test(value)) return "creative";
  if (/science|physics|chemistry|biology|khoa học|vật lý|hóa học|sinh học/.test(value)) return "science";
  return "general";
}

/** The skill level of a free-text level: "advanced"/"nâng cao" → advanced, "intermediate"/"trung cấp" → intermediate, else beginner. */
export function materialLevel(level: string | null | undefined): SkillLevel {
  const value = (level ?? "").trim().toLowerCase();
  if (/adv|expert|nâng cao/.test(value)) return "advanced";
  if (/inter|trung/.test(value)) return "intermediate";
  return "beginner";
}

/** 32-bit FNV-1a hash: seeds the deterministic choice order. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Places the correct answer at a position derived from `seed`; distractors keep their order. */
function arrange(
  text: QuestionText,
  seed: string,
): { question: string; choices: string[]; correctIndex: number } {
  const [question, correct, ...distractors] = text;
  const correctIndex = hash(seed) % 4;
  const choices = [...distractors];
  choices.splice(correctIndex, 0, correct);
  return { question, choices, correctIndex };
}

const fill = (text: string, topic: string) => text.replaceAll("{topic}", topic);

interface Context {
  subject: MaterialBankSubject;
  level: SkillLevel;
  locale: Locale;
  /** Course title, or what the subject's bank is about when no topic was given. */
  topic: string;
  hasTopic: boolean;
  seed: string;
}

function contextOf(request: MaterialRequest): Context {
  const subject = materialSubject(request.category);
  const level = materialLevel(request.skillLevel);
  const locale: Locale = request.locale === "vi" ? "vi" : "en";
  const rawTopic = (request.topic ?? "").replace(/\s+/g, " ").trim().slice(0, 120);
  const topic = rawTopic || SUBJECT_TOPICS[subject][locale];
  return {
    subject,
    level,
    locale,
    topic,
    hasTopic: Boolean(rawTopic),
    seed: `${subject}|${level}|${rawTopic}`,
  };
}

function titleOf(type: AiMaterialType, ctx: Context): string {
  const label = TYPE_LABELS[type][ctx.locale];
  if (ctx.hasTopic) return `${label}: ${ctx.topic}`;
  return `${label}: ${SUBJECT_LABELS[ctx.subject][ctx.locale]} (${LEVEL_LABELS[ctx.level][ctx.locale].toLowerCase()})`;
}

function tagsOf(type: AiMaterialType, ctx: Context): string[] {
  return [
    SUBJECT_LABELS[ctx.subject][ctx.locale].toLowerCase(),
    LEVEL_LABELS[ctx.level][ctx.locale].toLowerCase(),
    TYPE_LABELS[type][ctx.locale].toLowerCase(),
  ];
}

function quizQuestions(bank: Bank, ctx: Context, level: SkillLevel, salt: string) {
  return bank.quiz[level].map((question, i) => ({
    id: randomUUID(),
    ...arrange(question[ctx.locale], `${ctx.seed}|${salt}|${level}|${i}`),
  }));
}

function buildQuiz(bank: Bank, ctx: Context): Omit<GeneratedMaterial, "generatedBy"> {
  const content: QuizContent = { kind: "quiz", questions: quizQuestions(bank, ctx, ctx.level, "quiz") };
  const n = content.questions.length;
  const level = LEVEL_LABELS[ctx.level][ctx.locale].toLowerCase();
  return {
    title: titleOf("quiz", ctx),
    type: AI_MATERIAL_STORED_TYPE.quiz,
    description:
      ctx.locale === "vi"
        ? `${n} câu hỏi trắc nghiệm giúp học viên kiểm tra mức độ hiểu bài về ${ctx.topic} (trình độ ${level}).`
        : `${n} multiple-choice questions that check ${level}-level understanding of ${ctx.topic}.`,
    duration: DURATIONS.quiz[ctx.level],
    tags: tagsOf("quiz", ctx),
    content,
  };
}

function buildWorksheet(bank: Bank, ctx: Context): Omit<GeneratedMaterial, "generatedBy"> {
  const items = bank.worksheet[ctx.level].map((item) => {
    const [prompt, answer] = item[ctx.locale];
    return {
      id: randomUUID(),
      prompt: fill(prompt, ctx.topic),
      ...(answer ? { answer: fill(answer, ctx.topic) } : {}),
    };
  });
  const content: WorksheetContent = {
    kind: "worksheet",
    instructions:
      ctx.locale === "vi"
        ? `Hoàn thành các bài tập về ${ctx.topic} dưới đây. Tự làm trước rồi mới đối chiếu với đáp án gợi ý.`
        : `Complete the exercises on ${ctx.topic} below. Try each one on your own before checking the suggested answers.`,
    items,
  };
  return {
    title: titleOf("worksheet", ctx),
    type: AI_MATERIAL_STORED_TYPE.worksheet,
    description:
      ctx.locale === "vi"
        ? `${items.length} bài tập thực hành có đáp án gợi ý giúp luyện tập ${ctx.topic}.`
        : `${items.length} practice exercises with suggested answers to build skills in ${ctx.topic}.`,
    duration: DURATIONS.worksheet[ctx.level],
    tags: tagsOf("worksheet", ctx),
    content,
  };
}

function buildEssay(bank: Bank, ctx: Context): Omit<GeneratedMaterial, "generatedBy"> {
  const content: EssayContent = {
    kind: "essay",
    prompt: fill(bank.essay[ctx.level][ctx.locale], ctx.topic),
    guidance: [...ESSAY_GUIDANCE[ctx.level][ctx.locale]],
    wordCount: { ...ESSAY_WORDS[ctx.level] },
    rubric: ESSAY_RUBRIC[ctx.level][ctx.locale].map((r) => ({ ...r })),
  };
  const words = `${content.wordCount.min}–${content.wordCount.max}`;
  return {
    title: titleOf("essay", ctx),
    type: AI_MATERIAL_STORED_TYPE.essay,
    description:
      ctx.locale === "vi"
        ? `Đề bài luận ${words} từ kèm hướng dẫn viết và thang chấm điểm.`
        : `A ${words} word essay prompt with writing guidance and a marking rubric.`,
    duration: DURATIONS.essay[ctx.level],
    tags: tagsOf("essay", ctx),
    content,
  };
}

/** Assessment levels: three questions of the level and two of a neighbouring level. */
const NEIGHBOUR: Record<SkillLevel, SkillLevel> = {
  beginner: "intermediate",
  intermediate: "advanced",
  advanced: "intermediate",
};

function buildAssessment(bank: Bank, ctx: Context): Omit<GeneratedMaterial, "generatedBy"> {
  const own = quizQuestions(bank, ctx, ctx.level, "assessment").slice(-3);
  const other = quizQuestions(bank, ctx, NEIGHBOUR[ctx.level], "assessment").slice(0, 2);
  const mcq: AssessmentQuestion[] = [...own, ...other].map((question) => ({
    ...question,
    type: "multiple-choice",
    points: MCQ_POINTS,
  }));
  const short: AssessmentQuestion[] = bank.shortAnswers.map((item) => {
    const [question, sampleAnswer = ""] = item[ctx.locale];
    return { id: randomUUID(), type: "short-answer", question, sampleAnswer, points: SHORT_ANSWER_POINTS };
  });
  const mcqTotal = mcq.length * MCQ_POINTS;
  const shortTotal = short.length * SHORT_ANSWER_POINTS;
  const rubric: RubricCriterion[] =
    ctx.locale === "vi"
      ? [
          { criterion: "Trả lời đúng các câu trắc nghiệm", points: mcqTotal },
          { criterion: "Tự luận ngắn: độ chính xác và mức độ hiểu bài", points: Math.ceil(shortTotal * 0.6) },
          { criterion: "Tự luận ngắn: ví dụ và sự rõ ràng", points: Math.floor(shortTotal * 0.4) },
        ]
      : [
          { criterion: "Correct answers to the multiple-choice questions", points: mcqTotal },
          { criterion: "Short answers: accuracy and understanding", points: Math.ceil(shortTotal * 0.6) },
          { criterion: "Short answers: examples and clarity", points: Math.floor(shortTotal * 0.4) },
        ];
  const content: AssessmentContent = {
    kind: "assessment",
    questions: [...mcq, ...short],
    rubric,
    passMark: ASSESSMENT_PASS_MARK,
  };
  return {
    title: titleOf("assessment", ctx),
    type: AI_MATERIAL_STORED_TYPE.assessment,
    description:
      ctx.locale === "vi"
        ? `Bài đánh giá ${ctx.topic} gồm ${mcq.length} câu trắc nghiệm và ${short.length} câu tự luận ngắn, đạt khi được từ ${ASSESSMENT_PASS_MARK}% số điểm.`
        : `An assessment of ${ctx.topic} with ${mcq.length} multiple-choice and ${short.length} short-answer questions; pass mark ${ASSESSMENT_PASS_MARK}%.`,
    duration: DURATIONS.assessment[ctx.level],
    tags: tagsOf("assessment", ctx),
    content,
  };
}

/**
 * Built-in material generator (000 §2 AI Generate, §7 generate-ai-material).
 * @param request type (quiz | worksheet | essay | assessment), category (free text; the five course
 *   categories or anything else → general, default "general"), skillLevel (free text, default
 *   beginner), topic (the course title, used in titles and prompts), locale (en | vi).
 * @returns a GeneratedMaterial with generatedBy "offline": quiz → type "quiz" with 5 or 6
 *   questions of 4 distinct choices; worksheet → "worksheet" with 4 items; essay → "document"
 *   with prompt, guidance, wordCount (words) and rubric; assessment → "quiz" with 5
 *   multiple-choice and 2 short-answer questions, rubric and passMark (percent). duration in
 *   minutes. Never throws.
 */
export function generateOfflineMaterial(request: MaterialRequest): GeneratedMaterial {
  const ctx = contextOf(request);
  const bank = BANKS[ctx.subject];
  const build = {
    quiz: buildQuiz,
    worksheet: buildWorksheet,
    essay: buildEssay,
    assessment: buildAssessment,
  }[request.type];
  return { ...(build ?? buildQuiz)(bank, ctx), generatedBy: "offline" };
}

/** A built-in sample material: the Material contract (000 §3) without id and createdAt, which storage assigns. */
export type SampleMaterial = Omit<Material, "id" | "createdAt">;

/**
 * The three built-in sample materials in `locale` (000 §7 generate-materials: used when the
 * library is empty and generation fails; §9 "Fallback materials: 3"): a quiz, a worksheet and an
 * essay prompt (type "document") on learning skills, category "general", level "beginner",
 * source "sample", rating 0 and downloads 0 (nobody has rated or downloaded them), no file.
 */
export function sampleMaterials(locale: Locale = "en"): SampleMaterial[] {
  const titles =
    locale === "vi"
      ? ["Bài trắc nghiệm khởi động", "Phiếu bài tập: mục tiêu học tập", "Đề bài luận: vì sao tôi học"]
      : ["Getting Started Quiz", "Learning Goals Worksheet", "Reflective Essay Prompt"];
  const types: AiMaterialType[] = ["quiz", "worksheet", "essay"];
  return types.map((type, i) => {
    const generated = generateOfflineMaterial({ type, category: "general", skillLevel: "beginner", locale });
    return {
      title: titles[i],
      type: generated.type,
      category: "general",
      skillLevel: "beginner",
      duration: generated.duration,
      description: generated.description,
      tags: generated.tags,
      rating: 0,
      downloads: 0,
      fileUrl: null,
      mimeType: null,
      sizeBytes: null,
      content: generated.content,
      source: "sample",
    };
  });
}

/** The three built-in sample materials in English (see `sampleMaterials`). */
export const SAMPLE_MATERIALS: readonly SampleMaterial[] = Object.freeze(sampleMaterials("en"));
