CREATE TABLE "earning_rate" (
	"id" serial PRIMARY KEY NOT NULL,
	"seller_id" integer,
	"program_id" bigint,
	"platform_fee_bp" integer,
	"stripe_account_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout" (
	"id" serial PRIMARY KEY NOT NULL,
	"seller_id" integer NOT NULL,
	"currency" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"sales" integer NOT NULL,
	"method" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"paid_by" integer
);
--> statement-breakpoint
ALTER TABLE "program_transaction" ADD COLUMN "payout_id" integer;--> statement-breakpoint
ALTER TABLE "earning_rate" ADD CONSTRAINT "earning_rate_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout" ADD CONSTRAINT "payout_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout" ADD CONSTRAINT "payout_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "earning_rate_seller_idx" ON "earning_rate" USING btree ("seller_id");--> statement-breakpoint
CREATE UNIQUE INDEX "earning_rate_program_idx" ON "earning_rate" USING btree ("program_id");--> statement-breakpoint
CREATE INDEX "payout_seller_idx" ON "payout" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE INDEX "payout_status_idx" ON "payout" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "program_transaction" ADD CONSTRAINT "program_transaction_payout_id_payout_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payout"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "program_transaction_payout_idx" ON "program_transaction" USING btree ("payout_id");