-- Web push: the devices each user receives push notifications on, and which notification reached
-- which device (so a retried job never pushes twice to one device).
CREATE TABLE requests.push_subscriptions (
  id             integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id        integer NOT NULL,
  -- The push service's address for this browser: one browser, one row (whoever signed in last).
  endpoint       text NOT NULL UNIQUE,
  p256dh         text NOT NULL,
  auth           text NOT NULL,
  device         text,
  created_at     timestamptz NOT NULL DEFAULT now(),
  last_pushed_at timestamptz
);
CREATE INDEX push_subscriptions_user ON requests.push_subscriptions (user_id);

CREATE TABLE requests.push_deliveries (
  notification_id integer NOT NULL REFERENCES requests.notifications (id) ON DELETE CASCADE,
  subscription_id integer NOT NULL REFERENCES requests.push_subscriptions (id) ON DELETE CASCADE,
  sent_at         timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (notification_id, subscription_id)
);
