package platform

import (
	"errors"
	"strings"
	"testing"
)

const (
	ttVideo  = "https://www.tiktok.com/@some.user/video/7234567890123456789"
	ytID     = "dQw4w9WgXcQ"
	ytChan   = "UCuAXFkgsw1L7xaCfnd5JJOw"
	igCode   = "C1a2B3c4D5e"
	xStatus  = "1790000000000000001"
	ytWatch  = "https://www.youtube.com/watch?v=" + ytID
	ytShorts = "https://www.youtube.com/shorts/" + ytID
)

func tt(kind Kind, id, handle, u string) Target {
	return Target{Platform: TikTok, Kind: kind, ID: id, Handle: handle, URL: u}
}
func ig(kind Kind, id, handle, u string) Target {
	return Target{Platform: Instagram, Kind: kind, ID: id, Handle: handle, URL: u}
}
func yt(kind Kind, id, handle, u string) Target {
	return Target{Platform: YouTube, Kind: kind, ID: id, Handle: handle, URL: u}
}
func xt(kind Kind, id, handle, u string) Target {
	return Target{Platform: X, Kind: kind, ID: id, Handle: handle, URL: u}
}

var (
	ttVideoTarget = tt(Video, "7234567890123456789", "some.user", ttVideo)
	ttAccount     = tt(Account, "some.user", "some.user", "https://www.tiktok.com/@some.user")
	ytWatchTarget = yt(Video, ytID, "", ytWatch)
	ytShortTarget = yt(Video, ytID, "", ytShorts)
	igReel        = ig(Video, igCode, "", "https://www.instagram.com/reel/"+igCode+"/")
	xPostTarget   = xt(Video, xStatus, "jack", "https://x.com/jack/status/"+xStatus)
	xNoUserTarget = xt(Video, xStatus, "", "https://x.com/i/web/status/"+xStatus)
	// A TikTok video pasted without its author.
	ttNoUser = tt(Video, "7234567890123456789", "", "https://www.tiktok.com/@/video/7234567890123456789")
	igPost   = ig(Video, igCode, "", "https://www.instagram.com/p/"+igCode+"/")
)

// acceptTests are links Parse must accept, with their canonical targets.
var acceptTests = []struct {
	in   string
	want Target
}{
	// TikTok videos and photo posts.
	{ttVideo, ttVideoTarget},
	{"https://tiktok.com/@some.user/video/7234567890123456789", ttVideoTarget},
	{"https://m.tiktok.com/@some.user/video/7234567890123456789/", ttVideoTarget},
	{"https://www.tiktok.com/@Some.User/video/7234567890123456789?is_from_webapp=1&sender_device=pc#comments", ttVideoTarget},
	{"https://www.tiktok.com/@some.user/VIDEO/7234567890123456789", ttVideoTarget},
	{"https://www.tiktok.com/@some.user/photo/7234567890123456789",
		tt(Video, "7234567890123456789", "some.user", "https://www.tiktok.com/@some.user/photo/7234567890123456789")},
	{"https://www.tiktok.com/%40some.user/video/7234567890123456789", ttVideoTarget},
	{"https://www.tiktok.com/@ab/video/723456789012345678", tt(Video, "723456789012345678", "ab", "https://www.tiktok.com/@ab/video/723456789012345678")},
	{"https://www.tiktok.com/@some.user/video/7234567890123456789?_r=1&_t=ZM-8uKgVsFcLpX", ttVideoTarget},
	{"www.tiktok.com/@some.user/video/7234567890123456789?is_from_webapp=1&sender_device=pc&web_id=7312345678901234567", ttVideoTarget},
	{"HTTP://TIKTOK.COM/@Some.User/Video/7234567890123456789/", ttVideoTarget},
	{"https://www.tiktok.com/@some.user/photo/7234567890123456789/?is_from_webapp=1&sender_device=pc",
		tt(Video, "7234567890123456789", "some.user", "https://www.tiktok.com/@some.user/photo/7234567890123456789")},
	// TikTok videos without their author: the id alone names the video.
	{"https://m.tiktok.com/v/7234567890123456789.html", ttNoUser},
	{"https://m.tiktok.com/v/7234567890123456789.html?u_code=d7a3kb&preview_pb=0&language=en&_d=e9k0a&share_item_id=7234567890123456789&source=h5_m", ttNoUser},
	{"https://www.tiktok.com/v/7234567890123456789.html", ttNoUser},
	{"tiktok.com/v/7234567890123456789.HTML", ttNoUser},
	{"https://www.tiktok.com/embed/v2/7234567890123456789", ttNoUser},
	{"https://tiktok.com/embed/v2/7234567890123456789?lang=en-US", ttNoUser},
	{"https://www.tiktok.com/embed/7234567890123456789", ttNoUser},
	{"https://www.tiktok.com/player/v1/7234567890123456789?autoplay=1&loop=1", ttNoUser},
	{"https://www.tiktok.com/@/video/7234567890123456789", ttNoUser},
	{"tiktok.com/@/video/7234567890123456789/?is_from_webapp=1", ttNoUser},
	{"https://www.tiktok.com/@/photo/7234567890123456789",
		tt(Video, "7234567890123456789", "", "https://www.tiktok.com/@/photo/7234567890123456789")},
	// TikTok accounts.
	{"https://www.tiktok.com/@some.user", ttAccount},
	{"https://www.tiktok.com/@some.user/", ttAccount},
	{"https://www.tiktok.com/@Some.User?lang=en", ttAccount},
	{"https://www.tiktok.com/@abcdefghijklmnopqrstuvwx",
		tt(Account, "abcdefghijklmnopqrstuvwx", "abcdefghijklmnopqrstuvwx", "https://www.tiktok.com/@abcdefghijklmnopqrstuvwx")},
	{"https://www.tiktok.com/@under_score", tt(Account, "under_score", "under_score", "https://www.tiktok.com/@under_score")},

	// Input forms shared by every platform.
	{"tiktok.com/@some.user", ttAccount},
	{"www.tiktok.com/@some.user/video/7234567890123456789", ttVideoTarget},
	{"  https://www.tiktok.com/@some.user \n", ttAccount},
	{"\thttps://www.tiktok.com/@some.user\u00a0", ttAccount},
	{"http://www.tiktok.com/@some.user", ttAccount},
	{"HTTPS://WWW.TIKTOK.COM/@SOME.USER", ttAccount},
	{"https://www.tiktok.com./@some.user", ttAccount},
	{"https://www.tiktok.com:443/@some.user", ttAccount},
	{"http://www.tiktok.com:80/@some.user", ttAccount},
	{"tiktok.com:443/@some.user", ttAccount},

	// Instagram posts and reels.
	{"https://www.instagram.com/reel/" + igCode + "/", igReel},
	{"https://www.instagram.com/reel/" + igCode, igReel},
	{"https://instagram.com/reels/" + igCode + "/?igsh=MWZ0bXk", igReel},
	{"https://m.instagram.com/reel/" + igCode + "/?utm_source=ig_web_copy_link", igReel},
	{"https://www.instagram.com/Some.User/reel/" + igCode + "/", igReel},
	{"https://www.instagram.com/REEL/" + igCode, igReel},
	{"https://www.instagram.com/p/" + igCode + "/", ig(Video, igCode, "", "https://www.instagram.com/p/"+igCode+"/")},
	{"https://www.instagram.com/some_user/p/" + igCode, ig(Video, igCode, "", "https://www.instagram.com/p/"+igCode+"/")},
	{"https://www.instagram.com/tv/" + igCode + "/", ig(Video, igCode, "", "https://www.instagram.com/tv/"+igCode+"/")},
	{"https://www.instagram.com/reel/Ab-_9/", ig(Video, "Ab-_9", "", "https://www.instagram.com/reel/Ab-_9/")},
	{"https://www.instagram.com/reels/" + igCode + "/", igReel},
	{"https://www.instagram.com/reel/" + igCode + "/?igsh=MzRlODBiNWFlZA%3D%3D", igReel},
	{"https://www.instagram.com/p/" + igCode + "/?img_index=2&utm_source=ig_web_copy_link", igPost},
	{"HTTP://WWW.INSTAGRAM.COM/p/" + igCode, igPost},
	{"instagram.com/reel/" + igCode, igReel},
	{"https://instagr.am/p/" + igCode + "/", igPost},
	{"instagr.am/reel/" + igCode, igReel},
	// Instagram profiles.
	{"https://www.instagram.com/some.user/", ig(Account, "some.user", "some.user", "https://www.instagram.com/some.user/")},
	{"https://www.instagram.com/Some.User", ig(Account, "some.user", "some.user", "https://www.instagram.com/some.user/")},
	{"instagram.com/some_user?hl=en", ig(Account, "some_user", "some_user", "https://www.instagram.com/some_user/")},
	{"https://www.instagram.com/some_user/reels/", ig(Account, "some_user", "some_user", "https://www.instagram.com/some_user/")},
	{"https://www.instagram.com/a", ig(Account, "a", "a", "https://www.instagram.com/a/")},
	{"https://www.instagram.com/...a", ig(Account, "...a", "...a", "https://www.instagram.com/...a/")},

	// YouTube videos.
	{ytWatch, ytWatchTarget},
	{"https://youtube.com/watch?v=" + ytID + "&list=PL123&index=2", ytWatchTarget},
	{"https://m.youtube.com/watch?app=desktop&v=" + ytID + "#t=30", ytWatchTarget},
	{"https://music.youtube.com/watch?v=" + ytID + "&feature=share", ytWatchTarget},
	{"https://www.youtube.com/watch/?v=" + ytID, ytWatchTarget},
	{"https://youtu.be/" + ytID, ytWatchTarget},
	{"https://youtu.be/" + ytID + "?si=abcdef&t=10", ytWatchTarget},
	{"youtu.be/" + ytID + "/", ytWatchTarget},
	{"https://www.youtube.com/embed/" + ytID + "?autoplay=1", ytWatchTarget},
	{"https://www.youtube-nocookie.com/embed/" + ytID, ytWatchTarget},
	{"https://youtube-nocookie.com/embed/" + ytID, ytWatchTarget},
	{"https://www.youtube.com/live/" + ytID + "?feature=share", ytWatchTarget},
	{"https://www.youtube.com/v/" + ytID, ytWatchTarget},
	{ytShorts, ytShortTarget},
	{"https://youtube.com/shorts/" + ytID + "?si=xyz", ytShortTarget},
	{"https://m.youtube.com/shorts/" + ytID + "/", ytShortTarget},
	{"https://www.youtube.com./shorts/" + ytID, ytShortTarget},
	{"https://www.youtube.com/watch?v=a-b_C-d_E-f", yt(Video, "a-b_C-d_E-f", "", "https://www.youtube.com/watch?v=a-b_C-d_E-f")},
	{"https://www.youtube.com/watch?feature=shared&v=" + ytID, ytWatchTarget},
	{"HTTPS://YOUTU.BE/" + ytID + "?feature=shared", ytWatchTarget},
	{"http://youtube.com/watch?v=" + ytID, ytWatchTarget},
	{"https://m.youtube.com/live/" + ytID + "?si=abc", ytWatchTarget},
	{"https://music.youtube.com/watch?v=" + ytID + "&si=xyz&list=RDAMVM" + ytID, ytWatchTarget},
	{"https://www.youtube.com/shorts/" + ytID + "?feature=share", ytShortTarget},
	{"youtube.com/shorts/" + ytID, ytShortTarget},
	// YouTube channels.
	{"https://www.youtube.com/@SomeHandle", yt(Account, "@somehandle", "somehandle", "https://www.youtube.com/@somehandle")},
	{"https://www.youtube.com/@somehandle/videos", yt(Account, "@somehandle", "somehandle", "https://www.youtube.com/@somehandle")},
	{"https://m.youtube.com/@some-handle.x_y/shorts?view=0", yt(Account, "@some-handle.x_y", "some-handle.x_y", "https://www.youtube.com/@some-handle.x_y")},
	{"https://www.youtube.com/channel/" + ytChan, yt(Account, ytChan, "", "https://www.youtube.com/channel/"+ytChan)},
	{"https://www.youtube.com/channel/" + ytChan + "/videos", yt(Account, ytChan, "", "https://www.youtube.com/channel/"+ytChan)},
	{"https://www.youtube.com/c/SomeName", yt(Account, "c/somename", "", "https://www.youtube.com/c/somename")},
	{"https://www.youtube.com/c/SomeName/featured", yt(Account, "c/somename", "", "https://www.youtube.com/c/somename")},
	{"https://www.youtube.com/user/OldName", yt(Account, "user/oldname", "", "https://www.youtube.com/user/oldname")},

	// X posts.
	{"https://x.com/jack/status/" + xStatus, xPostTarget},
	{"https://twitter.com/Jack/status/" + xStatus + "?s=20&t=abc", xPostTarget},
	{"https://www.twitter.com/jack/statuses/" + xStatus, xPostTarget},
	{"https://mobile.twitter.com/jack/status/" + xStatus + "/photo/1", xPostTarget},
	{"https://mobile.x.com/jack/status/" + xStatus + "/video/1", xPostTarget},
	{"https://www.x.com/jack/status/" + xStatus + "/analytics", xPostTarget},
	{"x.com/jack/status/" + xStatus + "/", xPostTarget},
	{"https://x.com/i/web/status/" + xStatus, xNoUserTarget},
	{"https://twitter.com/i/status/" + xStatus, xNoUserTarget},
	{"https://mobile.twitter.com/i/web/status/" + xStatus + "?s=20", xNoUserTarget},
	{"https://x.com/Jack/status/" + xStatus + "?s=46&t=aBcD-eFgH_iJkLmNoP", xPostTarget},
	{"HTTPS://TWITTER.COM/jack/status/" + xStatus + "/photo/1?s=20", xPostTarget},
	{"twitter.com/jack/status/" + xStatus, xPostTarget},
	{"http://x.com/jack/status/" + xStatus, xPostTarget},
	{"https://x.com/jack/status/9223372036854775807", xt(Video, "9223372036854775807", "jack", "https://x.com/jack/status/9223372036854775807")},
	{"https://x.com/jack/status/20000", xt(Video, "20000", "jack", "https://x.com/jack/status/20000")},
	// X profiles.
	{"https://x.com/jack", xt(Account, "jack", "jack", "https://x.com/jack")},
	{"https://twitter.com/Jack/", xt(Account, "jack", "jack", "https://x.com/jack")},
	{"https://x.com/jack/media", xt(Account, "jack", "jack", "https://x.com/jack")},
	{"https://x.com/abcdefghijklmno", xt(Account, "abcdefghijklmno", "abcdefghijklmno", "https://x.com/abcdefghijklmno")},
	{"https://x.com/_", xt(Account, "_", "_", "https://x.com/_")},
}

// rejectTests are links Parse must refuse, with a substring of the reason.
var rejectTests = []struct {
	in, reason string
}{
	// Input shape.
	{"", "The link is empty"},
	{"   \t\n", "The link is empty"},
	{"https://www.tiktok.com/@" + strings.Repeat("a", 2048), "longer than 2048 bytes"},
	{"https://www.tiktok.com/@some user", "has a space in it"},
	{"https://www.tiktok.com/@some\tuser", "has a space in it"},
	{"https://www.tiktok.com/@some\u3000user", "has a space in it"},
	{"https://www.tiktok.com/@some\x00user", "control"},
	{"https://www.tiktok.com/@some\x7fuser", "control"},
	{"https://www.tiktok.com/@some\u200buser", "invisible"},
	{"https://www.tiktok.com/@some\u202euser", "invisible"},
	{"\ufeffhttps://www.tiktok.com/@some.user", "invisible"},
	{"https://www.tiktok.com/@some\xffuser", "UTF-8"},

	// Text that is no link, or a link with words around it.
	{"not a link at all", "That isn't a link: paste the address of a TikTok, Instagram, YouTube or X video or profile"},
	{"hello", "That isn't a link"},
	{"my-video", "That isn't a link"},
	{"see https://www.tiktok.com/@some.user/video/7234567890123456789 please", "without the words around it"},
	{"https://evil.net/", "this one is from evil.net"},

	// Schemes.
	{"javascript:alert(1)", "Only web links"},
	{"JavaScript://www.tiktok.com/%0aalert(1)", "Only web links"},
	{"data:text/html,<script>alert(1)</script>", "Only web links"},
	{"file:///etc/passwd", "Only web links"},
	{"ftp://www.tiktok.com/@some.user", "Only web links"},
	{"mailto:someone@tiktok.com", "Only web links"},
	{"ws://x.com/jack", "Only web links"},
	{"https:www.tiktok.com/@some.user", "must be followed by //"},
	{"https:/www.tiktok.com/@some.user", "must be followed by //"},
	{"https:\\\\www.tiktok.com/@some.user", "must be followed by //"},
	{"//www.tiktok.com/@some.user", "no site name"},
	{"https:///www.tiktok.com/@some.user", "no site name"},
	{"https://", "no site name"},
	{"https://?v=" + ytID, "no site name"},

	// User info.
	{"https://user@tiktok.com/@some.user", "user name or password"},
	{"https://user:pass@www.tiktok.com/@some.user", "user name or password"},
	{"https://tiktok.com@evil.net/", "user name or password"},
	{"https://www.tiktok.com\\@evil.net/", "user name or password"},
	{"tiktok.com@evil.net/@some.user", "user name or password"},

	// IP literals.
	{"https://127.0.0.1/@some.user", "IP addresses"},
	{"https://[::1]/@some.user", "IP addresses"},
	{"https://[::ffff:127.0.0.1]:443/", "IP addresses"},
	{"https://::1/", "IP addresses"},
	{"https://2130706433/", "IP addresses"},
	{"https://0x7f000001/", "IP addresses"},
	{"https://0x7F.1/", "IP addresses"},
	{"https://017700000001/", "IP addresses"},
	{"https://127.1/", "IP addresses"},
	{"https://tiktok.com.127.0.0.1/", "IP addresses"},
	{"10.0.0.1:80/x", "IP addresses"},

	// Ports.
	{"https://www.tiktok.com:8443/@some.user", "default port"},
	{"https://www.tiktok.com:80/@some.user", "default port"},
	{"http://www.tiktok.com:443/@some.user", "default port"},
	{"https://www.tiktok.com:0443/@some.user", "default port"},
	{"https://www.tiktok.com:/@some.user", "empty port"},
	{"https://www.tiktok.com:443./@some.user", "not a number"},
	{"https://www.tiktok.com:https/@some.user", "not a number"},
	{"tiktok.com:abc/@some.user", "not a number"},
	{"localhost:8080/@some.user", "default port"},

	// Hosts.
	{"https://tiktok.com.evil.net/@some.user", "Only TikTok, Instagram, YouTube and X"},
	{"https://eviltiktok.com/@some.user", "Only TikTok, Instagram, YouTube and X"},
	{"https://tiktok.co/@some.user", "Only TikTok, Instagram, YouTube and X"},
	{"https://www.tiktok.com.evil.net/@some.user", "Only TikTok, Instagram, YouTube and X"},
	{"https://evil.net/www.tiktok.com/@some.user", "Only TikTok, Instagram, YouTube and X"},
	{"https://api.tiktok.com/@some.user", "Only TikTok, Instagram, YouTube and X"},
	{"https://www.youtube.com../watch?v=" + ytID, "Only TikTok, Instagram, YouTube and X"},
	{"https://.www.youtube.com/watch?v=" + ytID, "Only TikTok, Instagram, YouTube and X"},
	{"https://www.youtu.be/" + ytID, "Only TikTok, Instagram, YouTube and X"},
	{"https://youtube.co/watch?v=" + ytID, "Only TikTok, Instagram, YouTube and X"},
	{"https://twitter.co/jack", "Only TikTok, Instagram, YouTube and X"},
	{"https://instagram.com.br/some.user", "Only TikTok, Instagram, YouTube and X"},
	{"https://x.com.evil.net/jack", "Only TikTok, Instagram, YouTube and X"},
	{"https://xn--tktok-6ra.com/@some.user", "xn--"},
	{"https://www.xn--yutube-iqc.com/watch?v=" + ytID, "xn--"},
	{"https://t\u0456ktok.com/@some.user", "not allowed"}, // Cyrillic і
	{"https://ti\u212atok.com/@some.user", "not allowed"}, // Kelvin sign, which ToLower makes "k"
	{"https://www.tiktok.com%2eevil.net/", "percent-encoded"},
	{"https://%77ww.tiktok.com/@some.user", "percent-encoded"},
	{"https://www_tiktok.com/@some.user", "not allowed"},
	{"https://www.tiktok.com;evil.net/", "not allowed"},

	// Paths shared by all: encodings and dot segments.
	{"https://x.com/jack/%2e%2e/home", ". or .."},
	{"https://www.instagram.com/./", ". or .."},
	{"https://www.instagram.com/..", ". or .."},
	{"https://x.com//jack", "empty segment"},
	{"https://x.com/jack%zz", "malformed percent escape"},

	// TikTok.
	{"https://www.tiktok.com/foryou", "not a video or an account"},
	{"https://www.tiktok.com/", "not a video or an account"},
	{"https://www.tiktok.com", "not a video or an account"},
	{"https://www.tiktok.com/explore?lang=en", "not a video or an account"},
	{"https://www.tiktok.com/@some.user/liked", "not a video or an account"},
	{"https://www.tiktok.com/@some.user/video", "has no video id"},
	{"https://www.tiktok.com/@some.user/video/7234567890123456789/extra", "not a video or an account"},
	{"https://www.tiktok.com/@some.user/video/72345abc", "video id is not valid"},
	{"https://www.tiktok.com/@some.user/video/0123", "video id is not valid"},
	{"https://www.tiktok.com/@some.user/video/123456789012345678901", "video id is not valid"},
	{"https://www.tiktok.com/@some.user/video/12345", "video id is not valid"},
	{"https://www.tiktok.com/@some.user/video/1", "18 or 19 digits"},
	{"https://www.tiktok.com/@some.user/video/72345678901234567", "18 or 19 digits"},
	{"https://www.tiktok.com/@some.user/video/72345678901234567890", "18 or 19 digits"},
	{"https://www.tiktok.com/@some.user/video/", "has no video id"},
	{"https://www.tiktok.com/@some.user/photo", "has no video id"},
	{"https://www.tiktok.com/@some.user/vidoe/7234567890123456789", "a video link looks like https://www.tiktok.com/@name/video/"},
	{"https://www.tiktok.com/@a", "2 to 24"},
	{"https://www.tiktok.com/@abcdefghijklmnopqrstuvwxy", "2 to 24"},
	{"https://www.tiktok.com/@some-user", "2 to 24"},
	{"https://www.tiktok.com/@", "2 to 24"},
	{"https://www.tiktok.com/@\u017fome.user", "2 to 24"},
	{"https://vm.tiktok.com/", "short link has no valid code"},
	{"https://vm.tiktok.com/ZMabc/extra", "short link has no valid code"},
	{"https://vt.tiktok.com/ZM%2Fabc/", "short link has no valid code"},
	{"https://www.tiktok.com/t/", "short link has no valid code"},
	{"https://www.tiktok.com/t/ZTRabc/extra", "short link has no valid code"},
	{"https://www.tiktok.com/t/ZT%2FRabc/", "short link has no valid code"},
	{"https://www.tiktok.com/t/ZT.Rabc/", "short link has no valid code"},
	{"https://m.tiktok.com/v/72345abc.html", "video id is not valid"},
	{"https://m.tiktok.com/v/.html", "has no video id"},
	{"https://m.tiktok.com/v/0234567890123456789.html", "video id is not valid"},
	{"https://m.tiktok.com/v/7234567890123456789", "not a video or an account"},
	{"https://m.tiktok.com/v/7234567890123456789.htm", "not a video or an account"},
	{"https://m.tiktok.com/v/7234567890123456789.html/extra", "not a video or an account"},
	{"https://m.tiktok.com/v/", "not a video or an account"},
	{"https://www.tiktok.com/embed/v2/", "video id is not valid"},
	{"https://www.tiktok.com/embed/v2/abc", "video id is not valid"},
	{"https://www.tiktok.com/embed/v2/7234567890123456789/extra", "not a video or an account"},
	{"https://www.tiktok.com/embed/v3/7234567890123456789", "not a video or an account"},
	{"https://www.tiktok.com/embed/@some.user", "video id is not valid"},
	{"https://www.tiktok.com/player/v1/", "not a video or an account"},
	{"https://www.tiktok.com/player/v2/7234567890123456789", "not a video or an account"},
	{"https://www.tiktok.com/@/video/abc", "video id is not valid"},
	{"https://www.tiktok.com/@/video/", "has no video id"},
	{"https://www.tiktok.com/@/", "2 to 24"},
	{"https://www.tiktok.com/@/liked/7234567890123456789", "not a video or an account"},
	{"https://www.tiktok.com/@a/video/7234567890123456789", "2 to 24"},
	{"https://tiktok.com.evil.com/@some.user/video/7234567890123456789", "Only TikTok, Instagram, YouTube and X"},
	{"https://evil.com/v/7234567890123456789.html", "Only TikTok, Instagram, YouTube and X"},
	{"https://evil.com/t/ZTRabc123/", "Only TikTok, Instagram, YouTube and X"},
	{"https://vm.tiktok.com.evil.com/ZMabc123/", "Only TikTok, Instagram, YouTube and X"},
	{"https://tiktok.com@evil.com/@some.user/video/7234567890123456789", "user name or password"},
	{"https://vm.tiktok.com@evil.com/ZMabc123/", "user name or password"},

	// Instagram.
	{"https://www.instagram.com/", "not a post, reel or profile"},
	{"https://www.instagram.com/explore/", "not a post, reel or profile"},
	{"https://www.instagram.com/explore/tags/cats/", "not a post, reel or profile"},
	{"https://www.instagram.com/accounts/login/", "not a post, reel or profile"},
	{"https://www.instagram.com/direct/inbox/", "not a post, reel or profile"},
	{"https://www.instagram.com/stories/some.user/3123456789/", "not a post, reel or profile"},
	{"https://www.instagram.com/about", "not a post, reel or profile"},
	{"https://www.instagram.com/developer/", "not a post, reel or profile"},
	{"https://www.instagram.com/legal/", "not a post, reel or profile"},
	{"https://www.instagram.com/privacy", "not a post, reel or profile"},
	{"https://www.instagram.com/reels/", "not a post, reel or profile"},
	{"https://www.instagram.com/Reels", "not a post, reel or profile"},
	{"https://www.instagram.com/p/", "not a post, reel or profile"},
	{"https://www.instagram.com/tv", "not a post, reel or profile"},
	{"https://www.instagram.com/reel", "not a post, reel or profile"},
	{"https://www.instagram.com/web/", "not a post, reel or profile"},
	{"https://www.instagram.com/api/v1/users/", "not a post, reel or profile"},
	{"https://www.instagram.com/graphql/query/", "not a post, reel or profile"},
	{"https://www.instagram.com/challenge/", "not a post, reel or profile"},
	{"https://www.instagram.com/emails/settings/", "not a post, reel or profile"},
	{"https://www.instagram.com/session/login/", "not a post, reel or profile"},
	{"https://www.instagram.com/s/aGlnaGxpZ2h0OjE3OTU/", "not a post, reel or profile"},
	{"https://www.instagram.com/reel/" + igCode + "/comments/", "not a post, reel or profile"},
	{"https://www.instagram.com/some.user/saved/", "not a post, reel or profile"},
	{"https://www.instagram.com/some.user/tv/" + igCode, "not a post, reel or profile"},
	{"https://www.instagram.com/reel/abcd/", "post code is not valid"},
	{"https://www.instagram.com/reel/abc!defg/", "post code is not valid"},
	{"https://www.instagram.com/p/" + strings.Repeat("a", 65) + "/", "post code is not valid"},
	{"https://www.instagram.com/p/" + strings.Repeat("a", 13) + "/", "post code is not valid"},
	{"https://www.instagram.com/some-user/", "1 to 30"},
	{"https://www.instagram.com/" + strings.Repeat("a", 31), "1 to 30"},
	{"https://www.instagram.com/@some.user", "1 to 30"},
	{"https://www.instagram.com/share/reel/BAHmJxqW5kZ", "share links"},
	{"https://www.instagram.com/share/BAHmJxqW5kZ/", "share links"},
	{"https://www.instagram.com/share/p/BAHmJxqW5kZ", "share links"},
	{"https://instagr.am.evil.com/p/" + igCode, "Only TikTok, Instagram, YouTube and X"},
	{"https://www.instagr.am/p/" + igCode, "Only TikTok, Instagram, YouTube and X"},

	// YouTube.
	{"https://www.youtube.com/", "not a video or a channel"},
	{"https://www.youtube.com/feed/trending", "not a video or a channel"},
	{"https://www.youtube.com/feed/subscriptions", "not a video or a channel"},
	{"https://www.youtube.com/results?search_query=cats", "not a video or a channel"},
	{"https://www.youtube.com/playlist?list=PL1234567890", "not a video or a channel"},
	{"https://www.youtube.com/watch", "no video id"},
	{"https://www.youtube.com/watch?list=PL1234567890", "no video id"},
	{"https://www.youtube.com/watch?v=" + ytID + "&v=aaaaaaaaaaa", "more than one video id"},
	{"https://www.youtube.com/watch?v=short", "11 letters"},
	{"https://www.youtube.com/watch?v=" + ytID + "x", "11 letters"},
	{"https://www.youtube.com/watch?v=dQw4w9WgX%zz", "11 letters"},
	{"https://www.youtube.com/watch?v=dQw4w9WgX+Q", "11 letters"},
	{"https://www.youtube.com/watch/" + ytID, "not a video or a channel"},
	{"https://www.youtube.com/shorts/", "not a video or a channel"},
	{"https://www.youtube.com/shorts/" + ytID + "/extra", "not a video or a channel"},
	{"https://www.youtube.com/shorts/dQw4w9WgX!Q", "11 letters"},
	{"https://www.youtube.com/embed/videoseries?list=PL1234567890", "playlists"},
	{"https://youtu.be/", "youtu.be link has no video id"},
	{"https://youtu.be/" + ytID + "/extra", "youtu.be link has no video id"},
	{"https://youtu.be/watch?v=" + ytID, "11 letters"},
	{"https://www.youtube-nocookie.com/watch?v=" + ytID, "must be /embed/"},
	{"https://www.youtube.com/@ab", "3 to 30"},
	{"https://www.youtube.com/@" + strings.Repeat("a", 31), "3 to 30"},
	{"https://www.youtube.com/@some!handle", "3 to 30"},
	{"https://www.youtube.com/@somehandle/nonsense", "not a video or a channel"},
	{"https://www.youtube.com/@somehandle/videos/extra", "not a video or a channel"},
	{"https://www.youtube.com/channel/UCshort", "UC followed by 22"},
	{"https://www.youtube.com/channel/XXuAXFkgsw1L7xaCfnd5JJOw", "UC followed by 22"},
	{"https://www.youtube.com/channel/" + ytChan + "x", "UC followed by 22"},
	{"https://www.youtube.com/channel/", "not a video or a channel"},
	{"https://www.youtube.com/c/", "not a video or a channel"},
	{"https://www.youtube.com/c/some!name", "channel name"},
	{"https://www.youtube.com/user/" + strings.Repeat("a", 101), "channel name"},

	// X.
	{"https://x.com/", "not a post or a profile"},
	{"https://x.com/home", "not a post or a profile"},
	{"https://x.com/Home", "not a post or a profile"},
	{"https://x.com/explore", "not a post or a profile"},
	{"https://x.com/search?q=cats", "not a post or a profile"},
	{"https://x.com/i", "not a post or a profile"},
	{"https://x.com/i/bookmarks", "not a post or a profile"},
	{"https://x.com/settings/account", "not a post or a profile"},
	{"https://x.com/messages", "not a post or a profile"},
	{"https://x.com/notifications", "not a post or a profile"},
	{"https://twitter.com/login", "not a post or a profile"},
	{"https://twitter.com/signup", "not a post or a profile"},
	{"https://twitter.com/tos", "not a post or a profile"},
	{"https://twitter.com/privacy", "not a post or a profile"},
	{"https://x.com/hashtag/cats", "not a post or a profile"},
	{"https://twitter.com/intent/tweet?text=hi", "not a post or a profile"},
	{"https://twitter.com/share?url=x", "not a post or a profile"},
	{"https://x.com/compose/post", "not a post or a profile"},
	{"https://x.com/home/status/" + xStatus, "not a post or a profile"},
	{"https://x.com/jack/status", "not a post or a profile"},
	{"https://x.com/jack/status/" + xStatus + "/photo/9", "not a post or a profile"},
	{"https://x.com/jack/status/" + xStatus + "/likes/extra", "not a post or a profile"},
	{"https://x.com/jack/following", "not a post or a profile"},
	{"https://x.com/jack/status/123456789012345678901", "post id is not valid"},
	{"https://x.com/jack/status/18446744073709551615", "post id is not valid"},
	{"https://x.com/jack/status/9223372036854775808", "post id is not valid"},
	{"https://x.com/jack/status/1234", "post id is not valid"},
	{"https://x.com/jack/status/1", "post id is not valid"},
	{"https://x.com/jack/status/abc", "post id is not valid"},
	{"https://x.com/jack/status/0", "post id is not valid"},
	{"https://x.com/i/web/status/", "not a post or a profile"},
	{"https://x.com/i/web/status/abc", "post id is not valid"},
	{"https://x.com/abcdefghijklmnop", "1 to 15"},
	{"https://x.com/some.user", "1 to 15"},
	{"https://x.com/@jack", "1 to 15"},
	// Third-party embed fixers are not X's hosts.
	{"https://fxtwitter.com/jack/status/" + xStatus, "Only TikTok, Instagram, YouTube and X"},
	{"https://vxtwitter.com/jack/status/" + xStatus, "Only TikTok, Instagram, YouTube and X"},
	{"https://fixupx.com/jack/status/" + xStatus, "Only TikTok, Instagram, YouTube and X"},
	{"https://twitter.com@evil.com/jack/status/" + xStatus, "user name or password"},
}

func TestParseAccepts(t *testing.T) {
	for _, tc := range acceptTests {
		t.Run(tc.in, func(t *testing.T) {
			got, err := Parse(tc.in)
			if err != nil {
				t.Fatalf("Parse(%q) error %v", tc.in, err)
			}
			if got != tc.want {
				t.Fatalf("Parse(%q)\n got %+v\nwant %+v", tc.in, got, tc.want)
			}
			again, err := Parse(got.URL)
			if err != nil || again != got {
				t.Fatalf("Parse(canonical %q) = %+v, %v; want the same target", got.URL, again, err)
			}
		})
	}
}

func TestParseRejects(t *testing.T) {
	for _, tc := range rejectTests {
		t.Run(tc.in, func(t *testing.T) {
			got, err := Parse(tc.in)
			var pe *Error
			if !errors.As(err, &pe) {
				t.Fatalf("Parse(%q) = %+v, %v; want an *Error", tc.in, got, err)
			}
			if got != (Target{}) {
				t.Errorf("Parse(%q) returned target %+v with its error", tc.in, got)
			}
			if !strings.Contains(pe.Reason, tc.reason) {
				t.Fatalf("Parse(%q) reason %q, want it to contain %q", tc.in, pe.Reason, tc.reason)
			}
		})
	}
}

func TestParseShortLinks(t *testing.T) {
	for _, in := range []string{
		"https://vm.tiktok.com/ZMabc123/",
		"https://vt.tiktok.com/ZSabc123",
		"vm.tiktok.com/ZMabc123",
		"HTTP://VM.TIKTOK.COM./ZMabc123/?share=1",
		"https://www.tiktok.com/t/ZTRabc123/",
		"tiktok.com/t/ZTRabc123",
		"https://m.tiktok.com/t/ZTRabc123/?_r=1",
		"HTTPS://WWW.TIKTOK.COM/T/ZTRabc123",
	} {
		t.Run(in, func(t *testing.T) {
			got, err := Parse(in)
			if !errors.Is(err, ErrShortLink) || got != (Target{}) {
				t.Fatalf("Parse(%q) = %+v, %v; want ErrShortLink", in, got, err)
			}
		})
	}
}

func TestParsePlatform(t *testing.T) {
	tests := []struct {
		in   string
		want Platform
		ok   bool
	}{
		{"tiktok", TikTok, true},
		{"instagram", Instagram, true},
		{"youtube", YouTube, true},
		{"x", X, true},
		{"TikTok", "", false},
		{"twitter", "", false},
		{" x", "", false},
		{"", "", false},
	}
	for _, tc := range tests {
		got, ok := ParsePlatform(tc.in)
		if ok != tc.ok || ok && got != tc.want {
			t.Errorf("ParsePlatform(%q) = %q, %v; want %q, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
	if Platform("facebook").Valid() {
		t.Error("facebook is valid")
	}
}

func TestErrorMessageIsReason(t *testing.T) {
	_, err := Parse("https://evil.net/")
	if err == nil || err.Error() != "Only TikTok, Instagram, YouTube and X links can be tracked: this one is from evil.net" {
		t.Fatalf("error %v", err)
	}
}

// FuzzParse checks the invariants that callers rely on: no panic; an accepted
// link has a canonical https URL that parses to the same target; a refused
// one says why with an *Error or is a short link.
func FuzzParse(f *testing.F) {
	for _, tc := range acceptTests {
		f.Add(tc.in)
	}
	for _, tc := range rejectTests {
		f.Add(tc.in)
	}
	f.Add("https://vm.tiktok.com/ZMabc123/")
	f.Fuzz(func(t *testing.T, in string) {
		got, err := Parse(in)
		if err != nil {
			var pe *Error
			switch {
			case errors.Is(err, ErrShortLink):
			case errors.As(err, &pe):
				if pe.Reason == "" {
					t.Fatalf("Parse(%q): empty reason", in)
				}
			default:
				t.Fatalf("Parse(%q): error %T %v is neither *Error nor ErrShortLink", in, err, err)
			}
			if got != (Target{}) {
				t.Fatalf("Parse(%q) returned %+v with error %v", in, got, err)
			}
			return
		}
		if !got.Platform.Valid() || !got.Kind.Valid() || got.ID == "" {
			t.Fatalf("Parse(%q) = %+v: invalid platform, kind or id", in, got)
		}
		if !strings.HasPrefix(got.URL, "https://") {
			t.Fatalf("Parse(%q) URL %q is not https", in, got.URL)
		}
		again, err := Parse(got.URL)
		if err != nil || again != got {
			t.Fatalf("Parse(%q) = %+v, but its URL parses to %+v, %v", in, got, again, err)
		}
	})
}
