// Every Vietnamese catalogue, one namespace per file. Loaded on demand by lib/i18n.ts as one chunk
// per language (issue 17 §14: only the visitor's language is downloaded).
import account from "./account.json";
import admin from "./admin.json";
import analytics from "./analytics.json";
import auth from "./auth.json";
import buddies from "./buddies.json";
import builder from "./builder.json";
import certificates from "./certificates.json";
import common from "./common.json";
import community from "./community.json";
import courses from "./courses.json";
import dashboard from "./dashboard.json";
import errors from "./errors.json";
import help from "./help.json";
import invitations from "./invitations.json";
import join from "./join.json";
import journeys from "./journeys.json";
import landing from "./landing.json";
import landingPages from "./landingPages.json";
import materials from "./materials.json";
import messaging from "./messaging.json";
import notifications from "./notifications.json";
import payments from "./payments.json";
import player from "./player.json";
import reminders from "./reminders.json";
import schools from "./schools.json";
import structure from "./structure.json";
import students from "./students.json";

export default {
  common,
  errors,
  auth,
  buddies,
  dashboard,
  landing,
  landingPages,
  courses,
  builder,
  structure,
  materials,
  join,
  certificates,
  player,
  students,
  invitations,
  messaging,
  notifications,
  account,
  admin,
  help,
  payments,
  journeys,
  analytics,
  schools,
  community,
  reminders,
};
