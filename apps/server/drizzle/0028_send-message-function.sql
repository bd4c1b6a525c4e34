-- Sending a message in one call with cached plans (issue 17 §13, decision 0213). The checks and
-- writes of messaging.queries.ts#sendMessageStatement, in order: the conversation exists; the
-- sender is one of its two participants; a buddy conversation's pair are still study buddies
-- (decision 0189); then both participants' transaction-level advisory locks in a fixed order (so
-- for each user, messages commit in created_at order); the sender's rate limit (`rate_max`
-- messages in `window_seconds`, counted after the locks); the insert with created_at =
-- clock_timestamp(); last_message_at; NOTIFY on academy_messaging (delivered on commit; the
-- payload carries the message when its text is at most 6,000 bytes).
-- PL/pgSQL keeps each statement's plan for the connection: on the embedded PGlite, where every
-- query runs on the server's one JavaScript thread, this replaces two statements (one a five-CTE
-- statement parsed and planned on every send) by one cheap call.
-- status: 'sent' (the message columns are set), 'not_found', 'forbidden', 'not_buddies', 'rate_limited'.
CREATE OR REPLACE FUNCTION academy_send_message(
  conversation uuid, sender text, body text, rate_max integer, window_seconds integer)
RETURNS TABLE (status text, id uuid, conversation_id uuid, sender_id text, content text, created_at text,
               teacher_id text, student_id text)
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
    RETURN QUERY SELECT 'not_found'::text, NULL::uuid, NULL::uuid, NULL::text, NULL::text, NULL::text, NULL::text, NULL::text;
    RETURN;
  END IF;
  IF sender <> conv.teacher_id AND sender <> conv.student_id THEN
    RETURN QUERY SELECT 'forbidden'::text, NULL::uuid, NULL::uuid, NULL::text, NULL::text, NULL::text, conv.teacher_id, conv.student_id;
    RETURN;
  END IF;
  IF conv.kind = 'buddy' AND NOT EXISTS (
       SELECT 1 FROM buddy_links bl
        WHERE bl.pair_low = conv.teacher_id AND bl.pair_high = conv.student_id AND bl.status = 'accepted') THEN
    RETURN QUERY SELECT 'not_buddies'::text, NULL::uuid, NULL::uuid, NULL::text, NULL::text, NULL::text, conv.teacher_id, conv.student_id;
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended('messaging:' || k, 0))
     FROM (SELECT DISTINCT unnest(ARRAY[conv.teacher_id, conv.student_id]) AS k ORDER BY 1) keys;
  SELECT count(*)::integer INTO recent FROM messages m
   WHERE m.sender_id = sender AND m.created_at > clock_timestamp() - make_interval(secs => window_seconds);
  IF recent >= rate_max THEN
    RETURN QUERY SELECT 'rate_limited'::text, NULL::uuid, NULL::uuid, NULL::text, NULL::text, NULL::text, conv.teacher_id, conv.student_id;
    RETURN;
  END IF;
  INSERT INTO messages AS m (conversation_id, sender_id, content, created_at)
  VALUES (conversation, sender, body, clock_timestamp())
  RETURNING m.id, m.conversation_id, m.sender_id, m.content,
            to_char(m.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at_iso,
            m.created_at AS at
  INTO sent;
  UPDATE conversations c SET last_message_at = sent.at WHERE c.id = conversation;
  PERFORM pg_notify('academy_messaging', json_build_object(
    't', 'message', 'm', sent.id, 'c', sent.conversation_id,
    'u', json_build_array(conv.teacher_id, conv.student_id),
    'msg', CASE WHEN octet_length(sent.content) <= 6000 THEN json_build_object(
      'id', sent.id, 'conversation_id', sent.conversation_id, 'sender_id', sent.sender_id,
      'content', sent.content, 'created_at', sent.at_iso) END)::text);
  RETURN QUERY SELECT 'sent'::text, sent.id, sent.conversation_id, sent.sender_id, sent.content, sent.at_iso,
                      conv.teacher_id, conv.student_id;
END
$$;
