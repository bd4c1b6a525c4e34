-- academy_fan_out (issue 28 §5, decision 0242): notifications.queries.ts#fanOut's one statement as
-- a PL/pgSQL function, so its plan is made once per connection instead of on every call (on the
-- embedded PGlite an unnamed statement of this size is parsed and planned on every run, ~1 ms;
-- decision 0213 did the same for a message send). Same semantics as the statement it replaces:
-- recipients = the distinct existing users of `p_user_ids` with their channel for `p_type`
-- (notification_preferences, else `p_default_channel`); one notifications row each unless the
-- channel is 'off' or (`p_collapse`) they already have an unread one of the same type and link;
-- one pg_notify on `p_channel` (delivered at commit) with the recipients' ids, or — past `p_ids_max`
-- — the rows' shared created_at; the e-mail recipients (channel 'email') when `p_want_email`.
CREATE FUNCTION academy_fan_out(
  p_user_ids jsonb, p_type text, p_data jsonb, p_link text, p_default_channel text, p_collapse boolean,
  p_want_email boolean, p_channel text, p_ids_max integer)
RETURNS TABLE (inserted integer, notified integer, emails json)
LANGUAGE plpgsql VOLATILE
AS $$
BEGIN
  RETURN QUERY
  WITH recipients AS (
    SELECT u.id AS user_id, coalesce(p.channel, p_default_channel) AS channel
      FROM (SELECT DISTINCT value AS id FROM jsonb_array_elements_text(p_user_ids)) r
      JOIN "user" u ON u.id = r.id
      LEFT JOIN notification_preferences p ON p.user_id = u.id AND p.type = p_type
  ),
  ins AS (
    INSERT INTO notifications (user_id, type, data, link)
    SELECT r.user_id, p_type, p_data, p_link
      FROM recipients r
     WHERE r.channel <> 'off'
       AND (NOT p_collapse OR NOT EXISTS (
             SELECT 1 FROM notifications n
              WHERE n.user_id = r.user_id AND n.read_at IS NULL
                AND n.type = p_type AND n.link = p_link))
    RETURNING user_id, created_at
  ),
  sent AS (
    SELECT pg_notify(p_channel,
             CASE WHEN count(*) <= p_ids_max
                  THEN json_build_object('u', json_agg(ins.user_id))::text
                  ELSE json_build_object('at', max(ins.created_at))::text END)
      FROM ins
    HAVING count(*) > 0
  )
  SELECT (SELECT count(*) FROM ins)::integer,
         (SELECT count(*) FROM sent)::integer,
         coalesce((SELECT json_agg(json_build_object('userId', r.user_id, 'email', pr.email,
                                                     'name', pr.full_name, 'locale', pr.locale))
                     FROM ins i
                     JOIN recipients r ON r.user_id = i.user_id
                     JOIN profiles pr ON pr.user_id = r.user_id
                    WHERE p_want_email AND r.channel = 'email'), '[]'::json);
END
$$;
--> statement-breakpoint
-- academy_send_message also writes the recipient's bell item (issue 27 §2, decision 0242), in the
-- same call and transaction as the message: when `bell_link` is given, academy_fan_out for the
-- other participant with type 'message', data {actorName: the sender's profile name, else their
-- account name; courseTitle}, collapsed (no second unread item for the same link), no e-mail
-- (messages have their own unread-message e-mail), `bell_default_channel`, `bell_channel` and
-- `bell_ids_max` as notifications.service.ts passes them. Until now the service wrote it after
-- the send with a query for the names and a transaction of its own: three round trips a message.
-- Everything else is migration 0048's function unchanged.
DROP FUNCTION IF EXISTS academy_send_message(uuid, text, text, integer, integer, text);--> statement-breakpoint
CREATE FUNCTION academy_send_message(
  conversation uuid, sender text, body text, rate_max integer, window_seconds integer, prio text,
  bell_link text, bell_default_channel text, bell_channel text, bell_ids_max integer)
RETURNS TABLE (status text, id uuid, conversation_id uuid, sender_id text, content text, created_at text,
               teacher_id text, student_id text, priority text)
LANGUAGE plpgsql VOLATILE
AS $$
#variable_conflict use_column
DECLARE
  conv record;
  recent integer;
  sent record;
  ctitle text;
  sname text;
BEGIN
  SELECT c.teacher_id, c.student_id, c.kind, c.course_id INTO conv FROM conversations c WHERE c.id = conversation;
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
  IF bell_link IS NOT NULL THEN
    SELECT co.title INTO ctitle FROM courses co WHERE co.id = conv.course_id;
    SELECT coalesce(pr.full_name, u.name) INTO sname
      FROM "user" u LEFT JOIN profiles pr ON pr.user_id = u.id WHERE u.id = sender;
    IF ctitle IS NOT NULL THEN
      PERFORM academy_fan_out(
        jsonb_build_array(CASE WHEN sender = conv.teacher_id THEN conv.student_id ELSE conv.teacher_id END),
        'message', jsonb_strip_nulls(jsonb_build_object('actorName', left(sname, 200), 'courseTitle', left(ctitle, 300))),
        bell_link, bell_default_channel, true, false, bell_channel, bell_ids_max);
    END IF;
  END IF;
  RETURN QUERY SELECT 'sent'::text, sent.id, sent.conversation_id, sent.sender_id, sent.content, sent.at_iso,
                      conv.teacher_id, conv.student_id, sent.priority;
END
$$;
