CREATE TABLE "chapter_completion" (
	"user_id" integer NOT NULL,
	"program_id" bigint NOT NULL,
	"chapter_id" bigint NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkout" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"program_id" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"url" text,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "program_review" (
	"id" serial PRIMARY KEY NOT NULL,
	"program_id" bigint NOT NULL,
	"admin_id" integer,
	"decision" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "program_transaction" (
	"id" serial PRIMARY KEY NOT NULL,
	"checkout_id" text NOT NULL,
	"buyer_id" integer,
	"seller_id" integer NOT NULL,
	"program_id" bigint NOT NULL,
	"subscription_id" integer,
	"currency" text NOT NULL,
	"gross_cents" integer NOT NULL,
	"platform_fee_cents" integer NOT NULL,
	"processing_fee_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	"net_cents" integer NOT NULL,
	"state" text DEFAULT 'paid' NOT NULL,
	"provider" text NOT NULL,
	"provider_payment_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"available_at" timestamp with time zone NOT NULL,
	"refunded_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "chapter_completion" ADD CONSTRAINT "chapter_completion_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout" ADD CONSTRAINT "checkout_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_review" ADD CONSTRAINT "program_review_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_transaction" ADD CONSTRAINT "program_transaction_checkout_id_checkout_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkout"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_transaction" ADD CONSTRAINT "program_transaction_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_transaction" ADD CONSTRAINT "program_transaction_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chapter_completion_idx" ON "chapter_completion" USING btree ("user_id","chapter_id");--> statement-breakpoint
CREATE INDEX "chapter_completion_program_idx" ON "chapter_completion" USING btree ("user_id","program_id");--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_user_key_idx" ON "checkout" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "program_review_program_idx" ON "program_review" USING btree ("program_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "program_transaction_checkout_idx" ON "program_transaction" USING btree ("checkout_id");--> statement-breakpoint
CREATE INDEX "program_transaction_seller_idx" ON "program_transaction" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE INDEX "program_transaction_buyer_idx" ON "program_transaction" USING btree ("buyer_id","program_id");