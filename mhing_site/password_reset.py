"""The "Forgot your password?" form: its mail sent after the response (mhing_site/mail.py),
and its link to the site's configured address (SITE_URL) rather than to whatever Host and
port the request named."""

from __future__ import annotations

from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.auth.forms import PasswordResetForm
from django.core.mail import EmailMultiAlternatives
from django.template import loader

from mhing_site.mail import send_later


class BackgroundPasswordResetForm(PasswordResetForm):
    def send_mail(
        self,
        subject_template_name,
        email_template_name,
        context,
        from_email,
        to_email,
        html_email_template_name=None,
    ) -> None:
        # Written here, in the request's language; only the sending is left to the thread.
        subject = "".join(loader.render_to_string(subject_template_name, context).splitlines())
        body = loader.render_to_string(email_template_name, context)
        message = EmailMultiAlternatives(subject, body, from_email, [to_email])
        if html_email_template_name is not None:
            html = loader.render_to_string(html_email_template_name, context)
            message.attach_alternative(html, "text/html")
        send_later(message, about=f"password reset for user {context['user'].pk}")

    def save(self, **kwargs) -> None:
        if settings.SITE_URL:
            # The Host header is the asker's to choose (ALLOWED_HOSTS does not look at its
            # port): a link made from it could send the person to another server.
            site = urlsplit(settings.SITE_URL)
            kwargs["domain_override"] = site.netloc
            kwargs["use_https"] = site.scheme == "https"
        super().save(**kwargs)
