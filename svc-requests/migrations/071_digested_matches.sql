-- Match digests mark each notification they cover instead of keeping the highest id: ids come
-- from a sequence in insert order, but transactions commit in any order, so a notification
-- committed after a digest that covered a higher id was never e-mailed.
ALTER TABLE requests.notifications ADD COLUMN digested_at timestamptz;

UPDATE requests.notifications n SET digested_at = d.sent_at
  FROM requests.match_digests d
 WHERE n.user_id = d.user_id AND n.type = 'need-match' AND n.id <= d.last_notification_id;

CREATE INDEX notifications_need_match_undigested ON requests.notifications (user_id, id)
  WHERE type = 'need-match' AND digested_at IS NULL;
DROP INDEX requests.notifications_need_match;
