CREATE TABLE "sign_up_approvals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sign_up_approvals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"sign_up_ip" text NOT NULL,
	"ip_block_id" integer,
	"block_range" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_up_approvals_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_account_status_check";--> statement-breakpoint
ALTER TABLE "sign_up_approvals" ADD CONSTRAINT "sign_up_approvals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_up_approvals" ADD CONSTRAINT "sign_up_approvals_ip_block_id_ip_blocks_id_fk" FOREIGN KEY ("ip_block_id") REFERENCES "public"."ip_blocks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_account_status_check" CHECK ("users"."account_status" in ('active', 'deactivated', 'suspended', 'awaiting_approval'));