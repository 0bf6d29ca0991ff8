// Package discovery holds the tools of a realistic service, payments,
// issues, deployments, users, files and messages, on which progressive
// discovery's recall is measured (docs/discovery.md): its testdata holds
// queries worded as people ask, unlike the tools' names, each with the
// tool it means. The tools do nothing but say what they were asked.
package discovery

//go:generate go run github.com/mcptag/mcptag/cmd/mcptag

import "fmt"

// Done says what a tool was asked to do.
type Done struct {
	// Message says what was done.
	Message string `json:"message"`
}

func done(format string, args ...any) Done { return Done{Message: fmt.Sprintf(format, args...)} }

// PaymentRef names a payment.
type PaymentRef struct {
	// PaymentID is the payment's identifier, as pay_ and 24 characters.
	PaymentID string `json:"payment_id"`
}

// RefundIn is what refund_payment takes.
type RefundIn struct {
	// PaymentID is the charge to refund.
	PaymentID string `json:"payment_id"`
	// Amount is how much to refund, in cents; zero refunds it in full.
	Amount int `json:"amount,omitempty"`
	// Reason is why, as the card network sees it: duplicate, fraudulent or requested_by_customer.
	Reason string `json:"reason,omitempty"`
}

// RefundPayment refunds a captured charge, in full or in part, to the
// card or account it was paid from.
//
//mcp:tool
func RefundPayment(in RefundIn) Done { return done("refunded %s", in.PaymentID) }

// CapturePayment captures an authorized charge, moving the held funds to
// the merchant's balance.
//
//mcp:tool
func CapturePayment(in PaymentRef) Done { return done("captured %s", in.PaymentID) }

// Range is a period of time.
type Range struct {
	// Since is the earliest date, as YYYY-MM-DD.
	Since string `json:"since,omitempty"`
	// Until is the latest date, as YYYY-MM-DD.
	Until string `json:"until,omitempty"`
	// Limit is the most items to return.
	Limit int `json:"limit,omitempty"`
}

// ListPayments lists the charges made in a period, newest first, with
// their amounts, currencies and statuses.
//
//mcp:tool
func ListPayments(in Range) Done { return done("payments since %s", in.Since) }

// GetPayment returns one charge: its amount, currency, card, status and
// the refunds made against it.
//
//mcp:tool
func GetPayment(in PaymentRef) Done { return done("payment %s", in.PaymentID) }

// InvoiceIn is what create_invoice takes.
type InvoiceIn struct {
	// CustomerID is the customer billed.
	CustomerID string `json:"customer_id"`
	// Lines are the invoice's line items, as description: amount in cents.
	Lines map[string]int `json:"lines"`
	// DueDays is how many days the customer has to pay.
	DueDays int `json:"due_days,omitempty"`
}

// CreateInvoice drafts an invoice for a customer from line items, and
// emails it when finalized.
//
//mcp:tool
func CreateInvoice(in InvoiceIn) Done { return done("invoice for %s", in.CustomerID) }

// InvoiceRef names an invoice.
type InvoiceRef struct {
	// InvoiceID is the invoice's identifier.
	InvoiceID string `json:"invoice_id"`
}

// VoidInvoice voids an open invoice so that it can no longer be paid.
//
//mcp:tool
func VoidInvoice(in InvoiceRef) Done { return done("voided %s", in.InvoiceID) }

// CustomerRef names a customer.
type CustomerRef struct {
	// CustomerID is the customer's identifier.
	CustomerID string `json:"customer_id"`
}

// ListInvoices lists a customer's invoices with their totals and whether
// each is paid, open or overdue.
//
//mcp:tool
func ListInvoices(in CustomerRef) Done { return done("invoices of %s", in.CustomerID) }

// SubscriptionRef names a subscription.
type SubscriptionRef struct {
	// SubscriptionID is the subscription's identifier.
	SubscriptionID string `json:"subscription_id"`
	// AtPeriodEnd ends it when the current billing period ends rather than now.
	AtPeriodEnd bool `json:"at_period_end,omitempty"`
}

// CancelSubscription cancels a customer's recurring subscription, now or
// at the end of the billing period.
//
//mcp:tool
func CancelSubscription(in SubscriptionRef) Done { return done("canceled %s", in.SubscriptionID) }

// PlanChange is what update_subscription_plan takes.
type PlanChange struct {
	// SubscriptionID is the subscription to change.
	SubscriptionID string `json:"subscription_id"`
	// Plan is the new price plan, such as starter, pro or enterprise.
	Plan string `json:"plan"`
}

// UpdateSubscriptionPlan moves a subscription to another price plan,
// prorating the difference.
//
//mcp:tool
func UpdateSubscriptionPlan(in PlanChange) Done { return done("plan %s", in.Plan) }

// GetBalance returns the merchant account's available and pending
// balance, per currency.
//
//mcp:tool
func GetBalance() Done { return done("balance") }

// IssueIn is what create_issue takes.
type IssueIn struct {
	// Repo is the repository, as owner/name.
	Repo string `json:"repo"`
	// Title is the issue's one-line summary.
	Title string `json:"title"`
	// Body is the issue's text, in Markdown.
	Body string `json:"body,omitempty"`
}

// CreateIssue opens a new issue in a repository's tracker.
//
//mcp:tool
func CreateIssue(in IssueIn) Done { return done("issue %s", in.Title) }

// IssueRef names an issue.
type IssueRef struct {
	// Repo is the repository, as owner/name.
	Repo string `json:"repo"`
	// Number is the issue's number.
	Number int `json:"number"`
}

// CloseIssue closes an issue as completed or as not planned.
//
//mcp:tool
func CloseIssue(in IssueRef) Done { return done("closed #%d", in.Number) }

// ReopenIssue reopens a closed issue.
//
//mcp:tool
func ReopenIssue(in IssueRef) Done { return done("reopened #%d", in.Number) }

// AssignIn is what assign_issue takes.
type AssignIn struct {
	IssueRef
	// Assignee is the login of the user to assign.
	Assignee string `json:"assignee"`
}

// AssignIssue assigns an issue to a user, who is notified.
//
//mcp:tool
func AssignIssue(in AssignIn) Done { return done("assigned to %s", in.Assignee) }

// CommentIn is what comment_on_issue takes.
type CommentIn struct {
	IssueRef
	// Body is the comment, in Markdown.
	Body string `json:"body"`
}

// CommentOnIssue adds a comment to an issue's discussion.
//
//mcp:tool
func CommentOnIssue(in CommentIn) Done { return done("commented on #%d", in.Number) }

// LabelIn is what label_issue takes.
type LabelIn struct {
	IssueRef
	// Labels are the labels to add, such as bug or enhancement.
	Labels []string `json:"labels"`
}

// LabelIssue adds labels to an issue.
//
//mcp:tool
func LabelIssue(in LabelIn) Done { return done("labeled #%d", in.Number) }

// IssueQuery is what search_issues takes.
type IssueQuery struct {
	// Repo is the repository, as owner/name.
	Repo string `json:"repo"`
	// Text is the words to match in titles and bodies.
	Text string `json:"text,omitempty"`
	// State is open, closed or all.
	State string `json:"state,omitempty"`
}

// SearchIssues finds issues whose title or body matches the words, open,
// closed or both.
//
//mcp:tool
func SearchIssues(in IssueQuery) Done { return done("issues matching %s", in.Text) }

// GetIssue returns an issue with its title, body, state, labels and
// assignees.
//
//mcp:tool
func GetIssue(in IssueRef) Done { return done("issue #%d", in.Number) }

// DeployIn is what deploy_service takes.
type DeployIn struct {
	// Service is the service's name.
	Service string `json:"service"`
	// Version is the image tag or commit to deploy.
	Version string `json:"version"`
	// Environment is staging or production.
	Environment string `json:"environment"`
}

// DeployService deploys a version of a service to an environment,
// replacing its instances one at a time.
//
//mcp:tool
func DeployService(in DeployIn) Done { return done("deployed %s", in.Service) }

// ServiceRef names a service in an environment.
type ServiceRef struct {
	// Service is the service's name.
	Service string `json:"service"`
	// Environment is staging or production.
	Environment string `json:"environment"`
}

// RollbackDeployment returns a service to the version deployed before the
// current one.
//
//mcp:tool
func RollbackDeployment(in ServiceRef) Done { return done("rolled back %s", in.Service) }

// DeploymentRef names a deployment.
type DeploymentRef struct {
	// DeploymentID is the deployment's identifier.
	DeploymentID string `json:"deployment_id"`
}

// GetDeploymentStatus reports how far a deployment has come: pending,
// in progress, succeeded or failed, with the instances updated.
//
//mcp:tool
func GetDeploymentStatus(in DeploymentRef) Done { return done("deployment %s", in.DeploymentID) }

// ListDeployments lists a service's recent deployments with their
// versions, authors and outcomes.
//
//mcp:tool
func ListDeployments(in ServiceRef) Done { return done("deployments of %s", in.Service) }

// RestartService restarts every instance of a service, one at a time.
//
//mcp:tool
func RestartService(in ServiceRef) Done { return done("restarted %s", in.Service) }

// ScaleIn is what scale_service takes.
type ScaleIn struct {
	ServiceRef
	// Replicas is the number of instances to run.
	Replicas int `json:"replicas"`
}

// ScaleService sets how many instances of a service run.
//
//mcp:tool
func ScaleService(in ScaleIn) Done { return done("scaled %s", in.Service) }

// LogsIn is what get_service_logs takes.
type LogsIn struct {
	ServiceRef
	// Lines is how many of the last lines to return.
	Lines int `json:"lines,omitempty"`
	// Grep keeps only lines that contain it.
	Grep string `json:"grep,omitempty"`
}

// GetServiceLogs returns the last lines a service's instances wrote to
// their output.
//
//mcp:tool
func GetServiceLogs(in LogsIn) Done { return done("logs of %s", in.Service) }

// EnvVarIn is what set_env_var takes.
type EnvVarIn struct {
	ServiceRef
	// Name is the variable's name.
	Name string `json:"name"`
	// Value is the variable's value.
	Value string `json:"value"`
}

// SetEnvVar sets a configuration variable of a service, which takes
// effect at its next restart.
//
//mcp:tool
func SetEnvVar(in EnvVarIn) Done { return done("set %s", in.Name) }

// NewUser is what create_user takes.
type NewUser struct {
	// Email is the user's email address, their login.
	Email string `json:"email"`
	// Name is the user's full name.
	Name string `json:"name"`
}

// CreateUser creates a user account that signs in with an email address.
//
//mcp:tool
func CreateUser(in NewUser) Done { return done("created %s", in.Email) }

// UserRef names a user.
type UserRef struct {
	// UserID is the user's identifier.
	UserID string `json:"user_id"`
}

// DeleteUser deletes a user account and everything it owns, for good.
//
//mcp:tool
func DeleteUser(in UserRef) Done { return done("deleted %s", in.UserID) }

// SuspendUser suspends a user account: the user can no longer sign in,
// and their sessions end, until the account is reactivated.
//
//mcp:tool
func SuspendUser(in UserRef) Done { return done("suspended %s", in.UserID) }

// ResetPassword emails a user a link to choose a new password.
//
//mcp:tool
func ResetPassword(in UserRef) Done { return done("reset %s", in.UserID) }

// UserQuery is what list_users takes.
type UserQuery struct {
	// Role keeps only users with this role.
	Role string `json:"role,omitempty"`
	// Limit is the most users to return.
	Limit int `json:"limit,omitempty"`
}

// ListUsers lists the organization's user accounts with their roles.
//
//mcp:tool
func ListUsers(in UserQuery) Done { return done("users %s", in.Role) }

// GetUser returns a user's profile: name, email, role, and when they last
// signed in.
//
//mcp:tool
func GetUser(in UserRef) Done { return done("user %s", in.UserID) }

// RoleIn is what update_user_role takes.
type RoleIn struct {
	UserRef
	// Role is viewer, editor or admin.
	Role string `json:"role"`
}

// UpdateUserRole changes a user's role, and with it their permissions.
//
//mcp:tool
func UpdateUserRole(in RoleIn) Done { return done("role %s", in.Role) }

// InviteIn is what invite_team_member takes.
type InviteIn struct {
	// Email is the address the invitation goes to.
	Email string `json:"email"`
	// Team is the team to join.
	Team string `json:"team"`
}

// InviteTeamMember emails an invitation to join a team.
//
//mcp:tool
func InviteTeamMember(in InviteIn) Done { return done("invited %s", in.Email) }

// UploadIn is what upload_file takes.
type UploadIn struct {
	// Path is where to put the file, as /folder/name.
	Path string `json:"path"`
	// Content is the file's bytes, base64-encoded.
	Content []byte `json:"content"`
}

// UploadFile uploads a file to the drive, replacing any at that path.
//
//mcp:tool
func UploadFile(in UploadIn) Done { return done("uploaded %s", in.Path) }

// PathRef names a file or folder.
type PathRef struct {
	// Path is the file's path, as /folder/name.
	Path string `json:"path"`
}

// DownloadFile returns a file's content from the drive.
//
//mcp:tool
func DownloadFile(in PathRef) Done { return done("downloaded %s", in.Path) }

// DeleteFile moves a file of the drive to the trash.
//
//mcp:tool
func DeleteFile(in PathRef) Done { return done("deleted %s", in.Path) }

// MoveIn is what move_file takes.
type MoveIn struct {
	// From is the file's path.
	From string `json:"from"`
	// To is its new path.
	To string `json:"to"`
}

// MoveFile moves or renames a file of the drive.
//
//mcp:tool
func MoveFile(in MoveIn) Done { return done("moved %s", in.From) }

// ShareIn is what share_file takes.
type ShareIn struct {
	PathRef
	// Email is the address of the person to share with.
	Email string `json:"email"`
	// CanEdit lets them change the file, not only read it.
	CanEdit bool `json:"can_edit,omitempty"`
}

// ShareFile gives a person access to a file of the drive, to read or to
// edit.
//
//mcp:tool
func ShareFile(in ShareIn) Done { return done("shared %s", in.Path) }

// ListFolder lists the files and folders in a folder of the drive, with
// their sizes and modification times.
//
//mcp:tool
func ListFolder(in PathRef) Done { return done("folder %s", in.Path) }

// GetFileMetadata returns a file's size, type, owner, and when it was
// created and last modified.
//
//mcp:tool
func GetFileMetadata(in PathRef) Done { return done("metadata of %s", in.Path) }

// MessageIn is what send_message takes.
type MessageIn struct {
	// Channel is the channel or person to write to.
	Channel string `json:"channel"`
	// Text is the message.
	Text string `json:"text"`
}

// SendMessage posts a message to a chat channel or to a person.
//
//mcp:tool
func SendMessage(in MessageIn) Done { return done("sent to %s", in.Channel) }

// ChannelIn is what create_channel takes.
type ChannelIn struct {
	// Name is the channel's name.
	Name string `json:"name"`
	// Private keeps the channel to those invited.
	Private bool `json:"private,omitempty"`
}

// CreateChannel creates a chat channel, public or private.
//
//mcp:tool
func CreateChannel(in ChannelIn) Done { return done("channel %s", in.Name) }

// MeetingIn is what schedule_meeting takes.
type MeetingIn struct {
	// Attendees are the emails of those invited.
	Attendees []string `json:"attendees"`
	// Start is when it starts, in RFC 3339.
	Start string `json:"start"`
	// Minutes is how long it lasts.
	Minutes int `json:"minutes"`
	// Topic is the meeting's subject.
	Topic string `json:"topic,omitempty"`
}

// ScheduleMeeting puts a meeting on the attendees' calendars and sends
// them invitations.
//
//mcp:tool
func ScheduleMeeting(in MeetingIn) Done { return done("meeting %s", in.Topic) }

// OrderRef names an order.
type OrderRef struct {
	// OrderID is the order's number.
	OrderID string `json:"order_id"`
}

// TrackShipment returns where an order's parcel is: the carrier, its last
// scan and the expected delivery date.
//
//mcp:tool
func TrackShipment(in OrderRef) Done { return done("tracking %s", in.OrderID) }

// CancelOrder cancels an order that has not shipped yet, and refunds it.
//
//mcp:tool
func CancelOrder(in OrderRef) Done { return done("canceled %s", in.OrderID) }
