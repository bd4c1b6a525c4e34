CREATE TABLE "discussion_views" (
	"discussion_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discussion_views_discussion_id_user_id_pk" PRIMARY KEY("discussion_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "user_presence" (
	"user_id" text NOT NULL,
	"instance_id" text NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_presence_user_id_instance_id_pk" PRIMARY KEY("user_id","instance_id")
);
--> statement-breakpoint
ALTER TABLE "discussions" DROP CONSTRAINT "discussions_counts_check";--> statement-breakpoint
ALTER TABLE "buddy_preferences" ADD COLUMN "level" text;--> statement-breakpoint
ALTER TABLE "buddy_preferences" ADD COLUMN "study_style" text;--> statement-breakpoint
ALTER TABLE "discussions" ADD COLUMN "view_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "priority" text DEFAULT 'normal' NOT NULL;--> statement-breakpoint
ALTER TABLE "discussion_views" ADD CONSTRAINT "discussion_views_discussion_id_discussions_id_fk" FOREIGN KEY ("discussion_id") REFERENCES "public"."discussions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_views" ADD CONSTRAINT "discussion_views_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_presence" ADD CONSTRAINT "user_presence_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_presence_instance_idx" ON "user_presence" USING btree ("instance_id");--> statement-breakpoint
CREATE INDEX "messages_high_priority_idx" ON "messages" USING btree ("conversation_id","created_at") WHERE "messages"."priority" = 'high';--> statement-breakpoint
ALTER TABLE "buddy_preferences" ADD CONSTRAINT "buddy_preferences_level_check" CHECK ("buddy_preferences"."level" is null or "buddy_preferences"."level" in ('beginner', 'intermediate', 'advanced'));--> statement-breakpoint
ALTER TABLE "buddy_preferences" ADD CONSTRAINT "buddy_preferences_study_style_check" CHECK ("buddy_preferences"."study_style" is null or "buddy_preferences"."study_style" in ('visual', 'auditory', 'kinesthetic', 'reading'));--> statement-breakpoint
ALTER TABLE "discussions" ADD CONSTRAINT "discussions_counts_check" CHECK ("discussions"."upvote_count" >= 0 and "discussions"."reply_count" >= 0 and "discussions"."view_count" >= 0);--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_priority_check" CHECK ("messages"."priority" in ('normal', 'high'));
--> statement-breakpoint
-- academy_send_message with a priority (issue 27 §4, decision 0233): the same checks, locks, rate
-- limit, insert, last_message_at and NOTIFY as migration 0028 (decision 0213), plus `prio`
-- ('normal' or 'high', checked by messages_priority_check) stored on the message, carried in the
-- NOTIFY payload and returned. The five-argument version is dropped (one function, one path).
DROP FUNCTION IF EXISTS academy_send_message(uuid, text, text, integer, integer);--> statement-breakpoint
CREATE FUNCTION academy_send_message(
  conversation uuid, sender text, body text, rate_max integer, window_seconds integer, prio text)
RETURNS TABLE (status text, id uuid, conversation_id uuid, sender_id text, content text, created_at text,
               teacher_id text, student_id text, priority text)
LANGUAGE plpgsql VOLATILE
AS $$
#variable_conflict use_column
DECLARE
  conv record;
  recent integer;
  sent record;
BEGIN
  SELECT c.teacher_id, c.student_id, c.kind INTO conv FROM conversations c WHERE c.id = conversation;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'not_found'::text, NULL::uuid, NULL::uuid, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text;
    RETURN;
  END IF;
  IF sender <> conv.teacher_id AND sender <> conv.student_id THEN
    RETURN QUERY SELECT 'forbidden'::text, NULL::uuid, NULL::uuid, NULL::text, NULL::text, NULL::text, conv.teacher_id, conv.student_id, NULL::text;
    RETURN;
  END IF;
  IF conv.kind = 'buddy' AND NOT EXISTS (
       SELECT 1 FROM buddy_links bl
        WHERE bl.pair_low = conv.teacher_id AND bl.pair_high = conv.student_id AND bl.status = 'accepted') THEN
    RETURN QUERY SELECT 'not_buddies'::text, NULL::uuid, NULL::uuid, NULL::text, NULL::text, NULL::text, conv.teacher_id, conv.student_id, NULL::text;
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended('messaging:' || k, 0))
     FROM (SELECT DISTINCT unnest(ARRAY[conv.teacher_id, conv.student_id]) AS k ORDER BY 1) keys;
  SELECT count(*)::integer INTO recent FROM messages m
   WHERE m.sender_id = sender AND m.created_at > clock_timestamp() - make_interval(secs => window_seconds);
  IF recent >= rate_max THEN
    RETURN QUERY SELECT 'rate_limited'::text, NULL::uuid, NULL::uuid, NULL::text, NULL::text, NULL::text, conv.teacher_id, conv.student_id, NULL::text;
    RETURN;
  END IF;
  INSERT INTO messages AS m (conversation_id, sender_id, content, priority, created_at)
  VALUES (conversation, sender, body, prio, clock_timestamp())
  RETURNING m.id, m.conversation_id, m.sender_id, m.content, m.priority,
            to_char(m.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at_iso,
            m.created_at AS at
  INTO sent;
  UPDATE conversations c SET last_message_at = sent.at WHERE c.id = conversation;
  PERFORM pg_notify('academy_messaging', json_build_object(
    't', 'message', 'm', sent.id, 'c', sent.conversation_id,
    'u', json_build_array(conv.teacher_id, conv.student_id),
    'msg', CASE WHEN octet_length(sent.content) <= 6000 THEN json_build_object(
      'id', sent.id, 'conversation_id', sent.conversation_id, 'sender_id', sent.sender_id,
      'content', sent.content, 'priority', sent.priority, 'created_at', sent.at_iso) END)::text);
  RETURN QUERY SELECT 'sent'::text, sent.id, sent.conversation_id, sent.sender_id, sent.content, sent.at_iso,
                      conv.teacher_id, conv.student_id, sent.priority;
END
$$;
