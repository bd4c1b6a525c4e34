/**
 * Student Management texts and e-mail types without zod (spec 000 §2 Student Management, §5; issue
 * 5): pages that need only these do not load the schemas (issue 17 §14). The contracts stay in
 * `schemas/students.ts`.
 */

/** The spec's toast titles and texts (English catalogue; the web translates them by key). */
export const STUDENT_MESSAGES = {
  missingInformationTitle: "Missing Information",
  inviteMissing: "Please enter an email and select at least one course.",
  inviteFailedTitle: "Error Sending Invitation",
  inviteFailed: "Failed to send invitation. Please try again.",
  inviteCourseNotFound: "One of the selected courses is not one of your published courses.",
  assignMissing: "Please provide both email and course.",
  studentNotFoundTitle: "Student Not Found",
  studentNotFound: "No user found with that email address.",
  alreadyEnrolledTitle: "Already Enrolled",
  alreadyEnrolled: "This student is already enrolled in the selected course.",
  assignFailedTitle: "Assignment Failed",
  assignFailed: "Failed to assign student to course.",
  courseNotFound: "Course not found.",
  noStudentsSelectedTitle: "No Students Selected",
  noStudentsSelected: "Please select students to send emails to.",
  emailFailedTitle: "Email Failed",
  emailFailed: "Failed to send bulk emails. Please try again.",
  loadFailed: "Failed to load student data.",
  enrolmentNotFound: "Enrolment not found.",
  notPending: "This enrolment is not waiting for payment.",
  invitationNotFoundTitle: "Invitation not found",
  invitationNotFound: "This invitation may be invalid or expired.",
  invitationInvalid: "This invitation may be invalid, expired, or already used.",
  /** issue 16 item 8: leaving a course. */
  leaveNotEnrolled: "You are not enrolled in this course.",
  leaveNotAllowed: "Only a course you were invited to or assigned to can be left.",
  leaveCompleted: "You completed this course; it stays in your list with its certificate.",
  emailMismatch:
    "Email mismatch: this invitation was sent to a different email address than the one you are signed in with.",
} as const;

export const STUDENT_EMAIL_TYPES = ["welcome", "reminder", "completion"] as const;
export type StudentEmailType = (typeof STUDENT_EMAIL_TYPES)[number];
