"""Legacy icon names as the CMS's ``IconNameMappingPostprocessor`` rewrites them (platform facts §6.6).

Names that contain ``icon-`` are Font Awesome 3/4 names; the CMS maps them to Font Awesome 5 class
names: first a few renamed FA3 names, then the FA4 -> FA5 table below, else the ``icon-`` prefix
becomes ``fas fa-``. Other names (``fas fa-check``, ``resource://...``) pass unchanged. The data
is the CMS's table (neos/neos-development-collection ``Neos.Neos/Classes/Service/IconNameMappingService.php``).

Version difference: 8.3 looks brand names up by key in a plain list, which never matches a name,
so brand icons get ``fas fa-`` too; 9.x finds them and gives ``fab fa-<name>``.
"""

from __future__ import annotations

import re

# FA3 names renamed before the FA4 -> FA5 look-up
_RENAMED = {
    "icon-calendar-empty": "icon-calendar-o",
    "icon-flag-alt": "icon-flag-o",
    "icon-folder-open-alt": "icon-folder-open-o",
    "icon-envelope-alt": "icon-envelope-o",
    "icon-upload-alt": "icon-upload",
}

# FA4 name -> FA5 classes, grouped by the FA5 style for brevity: "fa4=fa5" (fa5 without "fa-")
_TABLE = {
    "fas": """area-chart=chart-area arrows-alt=expand-arrows-alt arrows-h=arrows-alt-h arrows-v=arrows-alt-v
        arrows=arrows-alt asl-interpreting=american-sign-language-interpreting automobile=car bank=university
        bathtub=bath battery-0=battery-empty battery-1=battery-quarter battery-2=battery-half
        battery-3=battery-three-quarters battery-4=battery-full battery=battery-full cab=taxi calendar=calendar-alt
        chain-broken=unlink chain=link circle-o-notch=circle-notch close=times cloud-download=cloud-download-alt
        cloud-upload=cloud-upload-alt cny=yen-sign code-fork=code-branch commenting=comment-alt
        credit-card-alt=credit-card cutlery=utensils dashboard=tachometer-alt deafness=deaf dedent=outdent
        dollar=dollar-sign drivers-license=id-card eur=euro-sign euro=euro-sign exchange=exchange-alt
        external-link-square=external-link-square-alt external-link=external-link-alt eyedropper=eye-dropper
        feed=rss file-text=file-alt flash=bolt gbp=pound-sign gear=cog gears=cogs glass=glass-martini group=users
        hard-of-hearing=deaf header=heading hotel=bed hourglass-1=hourglass-start hourglass-2=hourglass-half
        hourglass-3=hourglass-end ils=shekel-sign inr=rupee-sign institution=university intersex=transgender
        jpy=yen-sign krw=won-sign legal=gavel level-down=level-down-alt level-up=level-up-alt line-chart=chart-line
        long-arrow-down=long-arrow-alt-down long-arrow-left=long-arrow-alt-left long-arrow-right=long-arrow-alt-right
        long-arrow-up=long-arrow-alt-up mail-forward=share mail-reply-all=reply-all mail-reply=reply
        map-marker=map-marker-alt mobile-phone=mobile-alt mobile=mobile-alt mortar-board=graduation-cap navicon=bars
        pencil-square=pen-square pencil=pencil-alt pie-chart=chart-pie refresh=sync remove=times reorder=bars
        repeat=redo rmb=yen-sign rotate-left=undo rotate-right=redo rouble=ruble-sign rub=ruble-sign ruble=ruble-sign
        rupee=rupee-sign s15=bath scissors=cut send=paper-plane shekel=shekel-sign sheqel=shekel-sign shield=shield-alt
        sign-in=sign-in-alt sign-out=sign-out-alt signing=sign-language sliders=sliders-h
        sort-alpha-asc=sort-alpha-down sort-alpha-desc=sort-alpha-up sort-amount-asc=sort-amount-down
        sort-amount-desc=sort-amount-up sort-asc=sort-up sort-desc=sort-down sort-numeric-asc=sort-numeric-down
        sort-numeric-desc=sort-numeric-up spoon=utensil-spoon tablet=tablet-alt tachometer=tachometer-alt
        television=tv thermometer-0=thermometer-empty thermometer-1=thermometer-quarter thermometer-2=thermometer-half
        thermometer-3=thermometer-three-quarters thermometer-4=thermometer-full thermometer=thermometer-full
        thumb-tack=thumbtack ticket=ticket-alt times-rectangle=window-close trash=trash-alt try=lira-sign
        turkish-lira=lira-sign unsorted=sort usd=dollar-sign vcard=address-card video-camera=video
        volume-control-phone=phone-volume warning=exclamation-triangle won=won-sign yen=yen-sign""",
    "far": """address-book-o=address-book address-card-o=address-card arrow-circle-o-down=arrow-alt-circle-down
        arrow-circle-o-left=arrow-alt-circle-left arrow-circle-o-right=arrow-alt-circle-right
        arrow-circle-o-up=arrow-alt-circle-up bar-chart-o=chart-bar bar-chart=chart-bar bell-o=bell
        bell-slash-o=bell-slash bookmark-o=bookmark building-o=building calendar-check-o=calendar-check
        calendar-minus-o=calendar-minus calendar-o=calendar calendar-plus-o=calendar-plus
        calendar-times-o=calendar-times caret-square-o-down=caret-square-down caret-square-o-left=caret-square-left
        caret-square-o-right=caret-square-right caret-square-o-up=caret-square-up cc=closed-captioning
        check-circle-o=check-circle check-square-o=check-square circle-o=circle circle-thin=circle clock-o=clock
        comment-o=comment commenting-o=comment-alt comments-o=comments diamond=gem dot-circle-o=dot-circle
        drivers-license-o=id-card envelope-o=envelope envelope-open-o=envelope-open file-archive-o=file-archive
        file-audio-o=file-audio file-code-o=file-code file-excel-o=file-excel file-image-o=file-image
        file-movie-o=file-video file-o=file file-pdf-o=file-pdf file-photo-o=file-image file-picture-o=file-image
        file-powerpoint-o=file-powerpoint file-sound-o=file-audio file-text-o=file-alt file-video-o=file-video
        file-word-o=file-word file-zip-o=file-archive files-o=copy flag-o=flag floppy-o=save folder-o=folder
        folder-open-o=folder-open frown-o=frown futbol-o=futbol hand-grab-o=hand-rock hand-lizard-o=hand-lizard
        hand-o-down=hand-point-down hand-o-left=hand-point-left hand-o-right=hand-point-right hand-o-up=hand-point-up
        hand-paper-o=hand-paper hand-peace-o=hand-peace hand-pointer-o=hand-pointer hand-rock-o=hand-rock
        hand-scissors-o=hand-scissors hand-spock-o=hand-spock hand-stop-o=hand-paper handshake-o=handshake hdd-o=hdd
        heart-o=heart hospital-o=hospital hourglass-o=hourglass id-card-o=id-card image=image keyboard-o=keyboard
        lemon-o=lemon life-bouy=life-ring life-buoy=life-ring life-saver=life-ring lightbulb-o=lightbulb map-o=map
        meh-o=meh minus-square-o=minus-square money=money-bill-alt moon-o=moon newspaper-o=newspaper
        paper-plane-o=paper-plane paste=clipboard pause-circle-o=pause-circle pencil-square-o=edit photo=image
        picture-o=image play-circle-o=play-circle plus-square-o=plus-square question-circle-o=question-circle
        send-o=paper-plane share-square-o=share-square smile-o=smile snowflake-o=snowflake soccer-ball-o=futbol
        square-o=square star-half-empty=star-half star-half-full=star-half star-half-o=star-half star-o=star
        sticky-note-o=sticky-note stop-circle-o=stop-circle sun-o=sun support=life-ring times-circle-o=times-circle
        times-rectangle-o=window-close toggle-down=caret-square-down toggle-left=caret-square-left
        toggle-right=caret-square-right toggle-up=caret-square-up trash-o=trash-alt user-circle-o=user-circle
        user-o=user vcard-o=address-card window-close-o=window-close picture=image copy=copy""",
    "fab": """bitbucket-square=bitbucket bitcoin=btc eercast=sellcast fa=font-awesome facebook-f=facebook-f
        facebook-official=facebook facebook=facebook-f ge=empire gittip=gratipay google-plus-circle=google-plus
        google-plus-official=google-plus google-plus=google-plus-g linkedin-square=linkedin linkedin=linkedin-in
        meanpath=font-awesome ra=rebel resistance=rebel vimeo=vimeo-v wechat=weixin wheelchair-alt=accessible-icon
        y-combinator-square=hacker-news yc-square=hacker-news yc=y-combinator youtube-play=youtube
        youtube-square=youtube""",
}

MAPPING: dict[str, str] = {
    old: f"{style} fa-{new}"
    for style, pairs in _TABLE.items()
    for old, new in (pair.split("=") for pair in pairs.split())
}

BRANDS: tuple[str, ...] = tuple("""500px adn amazon android angellist apple bandcamp behance behance-square bitbucket
    bitbucket-square bitcoin black-tie bluetooth bluetooth-b btc buysellads cc-amex cc-diners-club cc-discover cc-jcb
    cc-mastercard cc-paypal cc-stripe cc-visa chrome codepen codiepie connectdevelop contao css3 dashcube delicious
    deviantart digg dribbble dropbox drupal edge eercast empire envira etsy expeditedssl fa facebook facebook-f
    facebook-official facebook-square firefox first-order flickr font-awesome fonticons fort-awesome forumbee foursquare
    free-code-camp ge get-pocket gg gg-circle git git-square github github-alt github-square gitlab gittip glide glide-g
    google google-plus google-plus-circle google-plus-official google-plus-square google-wallet gratipay grav
    hacker-news houzz html5 imdb instagram internet-explorer ioxhost joomla jsfiddle lastfm lastfm-square leanpub
    linkedin linkedin-square linode linux maxcdn meanpath medium meetup mixcloud modx odnoklassniki
    odnoklassniki-square opencart openid opera optin-monster pagelines paypal pied-piper pied-piper-alt pied-piper-pp
    pinterest pinterest-p pinterest-square product-hunt qq quora ra ravelry rebel reddit reddit-alien reddit-square
    renren resistance safari scribd sellsy share-alt share-alt-square shirtsinbulk simplybuilt skyatlas skype slack
    slideshare snapchat snapchat-ghost snapchat-square soundcloud spotify stack-exchange stack-overflow steam
    steam-square stumbleupon stumbleupon-circle superpowers telegram tencent-weibo themeisle trello tripadvisor tumblr
    tumblr-square twitch twitter twitter-square usb viacoin viadeo viadeo-square vimeo vimeo-square vine vk wechat
    weibo weixin whatsapp wikipedia-w windows wordpress wpbeginner wpexplorer wpforms xing xing-square y-combinator
    y-combinator-square yahoo yc yc-square yelp yoast youtube youtube-play youtube-square""".split())
_BRAND_SET = frozenset(BRANDS)


_mapped: dict[tuple[str, bool], str] = {}  # (name, brands) -> mapped; bounded, emptied when full


def map_icon_name(name, brands: bool = False):
    """The icon name after the CMS's mapping; ``brands`` is the 9.x brand look-up (see the module doc)."""
    if not isinstance(name, str) or "icon-" not in name:
        return name
    key = (name, brands)
    found = _mapped.get(key)
    if found is None:
        if len(_mapped) >= 10_000:
            _mapped.clear()
        found = _mapped[key] = _map_icon_name(name, brands)
    return found


def _map_icon_name(name: str, brands: bool) -> str:
    name = _RENAMED.get(name, name)
    bare = name[5:]  # the CMS cuts five characters, wherever `icon-` stands in the name
    if bare in MAPPING:
        return MAPPING[bare]
    if brands:
        if bare in _BRAND_SET:
            return f"fab fa-{bare}"
    elif re.fullmatch(r"0|[1-9][0-9]*", bare) and int(bare) < len(BRANDS):
        # 8.3 indexes the list by the name: only a number finds an entry (`icon-5` -> the sixth brand)
        return f"fab fa-{BRANDS[int(bare)]}"
    return f"fas fa-{bare}"
