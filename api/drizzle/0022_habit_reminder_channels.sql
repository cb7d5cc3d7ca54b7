-- A habit's reminders now choose their channels. Habits from before the choice keep what they had: e-mail, the bell and push.
UPDATE "habit" SET "data" = jsonb_set("data", '{reminder_channels}', '["email", "bell", "push"]'::jsonb) WHERE NOT ("data" ? 'reminder_channels');
