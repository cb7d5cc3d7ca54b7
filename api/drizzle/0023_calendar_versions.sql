CREATE TABLE "calendar_version" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calendar_version" ADD CONSTRAINT "calendar_version_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- calendar_version grows with every write to what /api/google/events shows (calendar/sources.ts reads these tables),
-- in the same transaction as the write. A write for a user being deleted counts for no one.
CREATE FUNCTION calendar_version_bump(owner integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO calendar_version (user_id, version)
    SELECT owner, 1 WHERE owner IS NOT NULL AND EXISTS (SELECT 1 FROM users WHERE id = owner)
  ON CONFLICT (user_id) DO UPDATE SET version = calendar_version.version + 1
$$;
--> statement-breakpoint
CREATE FUNCTION calendar_version_of_owner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM calendar_version_bump(OLD.user_id); END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.user_id <> OLD.user_id) THEN PERFORM calendar_version_bump(NEW.user_id); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION calendar_version_of_calendar() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM calendar_version_bump((SELECT user_id FROM calendar_connection WHERE id = OLD.connection_id));
  ELSE
    PERFORM calendar_version_bump((SELECT user_id FROM calendar_connection WHERE id = NEW.connection_id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION calendar_version_of_object() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  calendar integer;
BEGIN
  IF TG_OP = 'DELETE' THEN calendar := OLD.calendar_id; ELSE calendar := NEW.calendar_id; END IF;
  PERFORM calendar_version_bump((SELECT c.user_id FROM caldav_calendar k JOIN calendar_connection c ON c.id = k.connection_id WHERE k.id = calendar));
  IF TG_OP = 'UPDATE' AND NEW.calendar_id <> OLD.calendar_id THEN
    PERFORM calendar_version_bump((SELECT c.user_id FROM caldav_calendar k JOIN calendar_connection c ON c.id = k.connection_id WHERE k.id = OLD.calendar_id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER calendar_version_event AFTER INSERT OR UPDATE OR DELETE ON "event" FOR EACH ROW EXECUTE FUNCTION calendar_version_of_owner();
--> statement-breakpoint
CREATE TRIGGER calendar_version_plannedactivity AFTER INSERT OR UPDATE OR DELETE ON "plannedactivity" FOR EACH ROW EXECUTE FUNCTION calendar_version_of_owner();
--> statement-breakpoint
-- A sync's bookkeeping (sync token, last sync, last error) changes nothing shown.
CREATE TRIGGER calendar_version_connection AFTER INSERT OR DELETE ON "calendar_connection" FOR EACH ROW EXECUTE FUNCTION calendar_version_of_owner();
--> statement-breakpoint
CREATE TRIGGER calendar_version_connection_update AFTER UPDATE ON "calendar_connection" FOR EACH ROW
  WHEN (OLD.events IS DISTINCT FROM NEW.events OR OLD.name IS DISTINCT FROM NEW.name OR OLD.user_id <> NEW.user_id)
  EXECUTE FUNCTION calendar_version_of_owner();
--> statement-breakpoint
CREATE TRIGGER calendar_version_calendar AFTER INSERT OR DELETE ON "caldav_calendar" FOR EACH ROW EXECUTE FUNCTION calendar_version_of_calendar();
--> statement-breakpoint
CREATE TRIGGER calendar_version_calendar_update AFTER UPDATE ON "caldav_calendar" FOR EACH ROW
  WHEN ((OLD.name, OLD.color, OLD.selected, OLD.connection_id) IS DISTINCT FROM (NEW.name, NEW.color, NEW.selected, NEW.connection_id))
  EXECUTE FUNCTION calendar_version_of_calendar();
--> statement-breakpoint
CREATE TRIGGER calendar_version_object AFTER INSERT OR DELETE ON "caldav_object" FOR EACH ROW EXECUTE FUNCTION calendar_version_of_object();
--> statement-breakpoint
CREATE TRIGGER calendar_version_object_update AFTER UPDATE ON "caldav_object" FOR EACH ROW
  WHEN (OLD.events IS DISTINCT FROM NEW.events OR OLD.calendar_id <> NEW.calendar_id)
  EXECUTE FUNCTION calendar_version_of_object();
