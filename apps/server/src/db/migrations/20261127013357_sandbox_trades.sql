CREATE TABLE "sandbox_trades" (
	"payment_no" text PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"amount_fen" integer NOT NULL,
	"subject" text NOT NULL,
	"return_url" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"trade_no" text NOT NULL,
	"refunds" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"notify_body" text,
	"notify_due_at" timestamp with time zone,
	"notify_attempts" integer DEFAULT 0 NOT NULL,
	"notify_since" timestamp with time zone,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sandbox_trades_notify_due_idx" ON "sandbox_trades" USING btree ("notify_due_at");