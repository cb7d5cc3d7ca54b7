CREATE TABLE "coupon" (
	"id" serial PRIMARY KEY NOT NULL,
	"seller_id" integer NOT NULL,
	"program_id" bigint NOT NULL,
	"code" text NOT NULL,
	"percent_off" integer,
	"amount_off_cents" integer,
	"max_uses" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkout" ADD COLUMN "coupon_id" integer;--> statement-breakpoint
ALTER TABLE "checkout" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "program_transaction" ADD COLUMN "refund_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "program_transaction" ADD COLUMN "refund_reason" text;--> statement-breakpoint
ALTER TABLE "coupon" ADD CONSTRAINT "coupon_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_program_code_idx" ON "coupon" USING btree ("program_id","code");--> statement-breakpoint
CREATE INDEX "coupon_seller_idx" ON "coupon" USING btree ("seller_id");--> statement-breakpoint
ALTER TABLE "checkout" ADD CONSTRAINT "checkout_coupon_id_coupon_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupon"("id") ON DELETE set null ON UPDATE no action;